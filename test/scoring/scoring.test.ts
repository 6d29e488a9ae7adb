import { beforeEach, describe, expect, it } from 'vitest';
import { createTestTable } from 'appsync-local/testing';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { ERROR } from '../../resolvers/lib/errors.ts';
import { EVENT } from '../../resolvers/lib/entities/event.ts';
import { PREDICTION } from '../../resolvers/lib/entities/prediction.ts';
import { STANDING } from '../../resolvers/lib/entities/standing.ts';
import { TABLE } from '../../resolvers/lib/entities/table.ts';
import { Fixture, eventItem, expectedLeaderboard, type EventSpec, type Picks } from './fixtures.ts';

let fx: Fixture;
let scorer: ReturnType<typeof createScorer>;

beforeEach(async () => {
  const { client, tableName } = await createTestTable();
  fx = new Fixture(client, tableName);
  scorer = createScorer({ client, tableName });
});

const event: EventSpec = {
  id: 'e1',
  date: '2025-04-19',
  matches: [
    { id: 'm1', points: 10, result: 0 },
    { id: 'm2', points: 5, result: 1 },
    { id: 'm3', points: 3, result: 2 },
    // Removed from the card after picks were made: its match item remains but matchOrder drops it.
    { id: 'gone', points: 100, result: 0 },
  ],
  matchOrder: ['m1', 'm2', 'm3'],
};

describe('scoreEvent', () => {
  it('gives points, correct picks and competition ranks (1,2,2,4), ignoring picks of removed matches', async () => {
    const picks: Picks = {
      alice: { m1: 0, m2: 1, m3: 2, gone: 0 }, // 18, 3 (the 100 of "gone" must not count)
      bob: { m1: 0, m2: 0, m3: 0 }, // 10, 1
      carol: { m1: 0, m2: 2, m3: 1 }, // 10, 1
      dave: { m1: 1, m2: 1, m3: 2 }, // 8, 2
      erin: { deleted: 1, gone: 0 }, // 0, 0
    };
    await fx.event(event);
    await fx.predictions(event, picks);
    await fx.profile('alice', 'Alice Renamed');

    const out = await scorer.scoreEvent('e1');
    if (!('report' in out)) throw new Error(JSON.stringify(out));
    expect(out.report).toEqual({
      event: { id: 'e1', name: 'Event e1', date: '2025-04-19', startsAt: '2025-04-19T20:00:00.000Z', state: 'SCORED', season: 2025, matchCount: 3 },
      predictionsScored: 5,
      standingsUpdated: 5,
    });
    expect(out.stats.wcu).toBeGreaterThan(0);

    const board = await fx.leaderboard('e1');
    expect(board.map((r) => [r.userId, r.points, r.correct, r.rank])).toEqual([
      ['alice', 18, 3, 1],
      ['carol', 10, 1, 2], // tie broken by userId descending, same rank
      ['bob', 10, 1, 2],
      ['dave', 8, 2, 4],
      ['erin', 0, 0, 5],
    ]);
    const expected = expectedLeaderboard(event, picks);
    for (const row of board) expect({ points: row.points, correct: row.correct, rank: row.rank }).toEqual(expected.get(row.userId as string));
    expect(board[0][TABLE.gsiSk]).toBe(PREDICTION.leaderboardGsiSk(18, 3, 'alice'));
    expect(board[0].displayName).toBe('Alice Renamed');
    expect(board[1].displayName).toBe('name-carol');

    const standings = await fx.standings(2025);
    expect(standings.map((s) => [s.userId, s.points, s.correct, s.eventsPlayed, s.rank])).toEqual([
      ['alice', 18, 3, 1, 1],
      ['carol', 10, 1, 1, 2],
      ['bob', 10, 1, 1, 2],
      ['dave', 8, 2, 1, 4],
      ['erin', 0, 0, 1, 5],
    ]);
    expect(standings[0]).toMatchObject({ displayName: 'Alice Renamed', [TABLE.gsiSk]: STANDING.gsiSk(18, 3, 'alice') });
    const standingKey = STANDING.key('alice', 2025)!;
    expect(await fx.get(standingKey)).toMatchObject({ type: 'Standing', season: 2025, [TABLE.gsiPk]: 'STANDINGS#2025' });
  });

  it('scores a prediction stored with null points, correct and rank', async () => {
    await fx.event(event);
    await fx.predictions(event, { alice: { m1: 0 } });
    const predictionKey = PREDICTION.key('alice', event.date, event.id);
    const stored = (await fx.get(predictionKey))!;
    await fx.put({ ...stored, points: null, correct: null, rank: null });
    await scorer.scoreEvent('e1');
    expect((await fx.leaderboard('e1')).map((r) => [r.points, r.correct, r.rank])).toEqual([[10, 1, 1]]);
    expect((await fx.standings(2025)).map((r) => [r.points, r.eventsPlayed])).toEqual([[10, 1]]);
  });

  it('scores an event without predictions', async () => {
    await fx.event(event);
    const out = await scorer.scoreEvent('e1');
    expect(out).toMatchObject({ report: { predictionsScored: 0, standingsUpdated: 0, event: { state: 'SCORED' } } });
  });

  it('returns NotFound for an unknown event', async () => {
    expect(await scorer.scoreEvent('nope')).toEqual({ error: { type: ERROR.notFound, message: expect.stringContaining('nope') } });
  });

  it('returns InvalidStateTransition for an UPCOMING event and writes nothing', async () => {
    await fx.event({ ...event, state: 'UPCOMING' });
    await fx.predictions(event, { alice: { m1: 0 } });
    const out = await scorer.scoreEvent('e1');
    expect(out).toEqual({ error: { type: ERROR.invalidState, message: expect.stringContaining('UPCOMING') } });
    expect((await fx.leaderboard('e1'))[0].points).toBeNull();
  });

  it('returns ResultsMissing listing every match on the card without a result, and writes nothing', async () => {
    const open: EventSpec = {
      ...event,
      matches: [
        { id: 'm1', points: 10, result: 0 },
        { id: 'm2', points: 5, result: null, name: 'Ladder match' },
        { id: 'm3', points: 3, result: null },
        { id: 'gone', points: 100, result: null }, // off the card: not required
      ],
    };
    await fx.event(open);
    await fx.predictions(open, { alice: { m1: 0 } });
    const out = await scorer.scoreEvent('e1');
    if (!out.error) throw new Error('expected an error');
    expect(out.error.type).toBe(ERROR.resultsMissing);
    expect(out.error.message).toContain('m2 (Ladder match)');
    expect(out.error.message).toContain('m3');
    expect(out.error.message).not.toContain('gone');
    expect(await fx.get(EVENT.key('e1'))).toMatchObject({ state: 'BROADCAST' });
    expect(await fx.standings(2025)).toEqual([]);
  });

  it('pads scores so 9, 10 and 100 points sort numerically in the leaderboard and standings GSIs', async () => {
    const padEvent: EventSpec = {
      id: 'pad',
      date: '2025-06-01',
      matches: [
        { id: 'a', points: 9, result: 0 },
        { id: 'b', points: 1, result: 0 },
        { id: 'c', points: 90, result: 0 },
      ],
    };
    await fx.event(padEvent);
    // u9: 9 points; u10: 10 points (9+1); u100: 100 points (9+1+90); u1: 1 point
    await fx.predictions(padEvent, { u9: { a: 0 }, u10: { a: 0, b: 0 }, u100: { a: 0, b: 0, c: 0 }, u1: { b: 0 } });
    await scorer.scoreEvent('pad');
    expect((await fx.leaderboard('pad')).map((r) => r.points)).toEqual([100, 10, 9, 1]);
    expect((await fx.standings(2025)).map((r) => [r.points, r.rank])).toEqual([
      [100, 1],
      [10, 2],
      [9, 3],
      [1, 4],
    ]);
  });

  it('refuses an event score that does not fit its sort key, before writing anything', async () => {
    const huge: EventSpec = { id: 'huge', date: '2025-07-01', matches: [{ id: 'x', points: 100_000, result: 0 }] };
    await fx.event(huge);
    await fx.predictions(huge, { alice: { x: 0 } });
    await expect(scorer.scoreEvent('huge')).rejects.toThrow(/does not fit/);
    expect((await fx.leaderboard('huge'))[0].points).toBeNull();
    expect(await fx.standings(2025)).toEqual([]);
  });

  it('refuses a season total that does not fit its sort key, before writing anything', async () => {
    const e: EventSpec = { id: 'big', date: '2025-08-01', matches: [{ id: 'x', points: 1000, result: 0 }] };
    await fx.event(e);
    await fx.predictions(e, { alice: { x: 0 }, bob: { x: 0 } });
    // alice already has 99,999,500 season points from earlier events: +1000 needs 9 digits.
    await fx.put({
      ...STANDING.key('alice', 2025)!,
      ...STANDING.attributes(2025, 'alice', 'A', { points: 99_999_500, correct: 10, eventsPlayed: 1 }, 1)!,
    });
    await expect(scorer.scoreEvent('big')).rejects.toThrow(/would not fit/);
    expect((await fx.leaderboard('big')).map((r) => r.points)).toEqual([null, null]);
    expect((await fx.standings(2025)).map((s) => s.userId)).toEqual(['alice']);
  });

  it('refuses an event whose season does not fit a standing key, before writing anything', async () => {
    const far: EventSpec = { id: 'far', date: '2025-01-01', matches: [{ id: 'x', points: 10, result: 0 }] };
    await fx.put({ ...eventItem(far), season: 12025 });
    await fx.predictions(far, { alice: { x: 0 } });
    await expect(scorer.scoreEvent('far')).rejects.toThrow(/invalid season: 12025/);
    expect((await fx.leaderboard('far'))[0].points).toBeNull();
  });
});

describe('createScorer', () => {
  it('refuses a concurrency that would run nothing, or is not a whole number', async () => {
    const { client, tableName } = await createTestTable();
    for (const concurrency of [0, -1, 1.5, Number.NaN]) {
      expect(() => createScorer({ client, tableName, concurrency }), String(concurrency)).toThrow(/concurrency must be a whole number of at least 1/);
    }
    expect(() => createScorer({ client, tableName, concurrency: 1 })).not.toThrow();
  });
});
