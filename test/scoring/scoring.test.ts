import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '@pickem/domain/rules';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { ERROR } from '../../resolvers/lib/errors.ts';
import { EVENT } from '@pickem/domain/entities/event';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import { STANDING } from '@pickem/domain/entities/standing';
import { TABLE } from '@pickem/domain/entities/table';
import {
  Fixture,
  eventItem,
  expectEventBoard,
  expectSeason,
  expectedStandings,
  freshScoring,
  type EventSpec,
  type Picks,
} from './fixtures.ts';
import { BOARD } from '@pickem/domain/entities/board';
import { QUESTION } from '@pickem/domain/entities/question';

let fx: Fixture;
let scorer: ReturnType<typeof createScorer>;

beforeEach(async () => {
  ({ fx, scorer } = await freshScoring());
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
      event: {
        id: 'e1',
        name: 'Event e1',
        date: '2025-04-19',
        startsAt: '2025-04-19T20:00:00.000Z',
        state: 'SCORED',
        season: 2025,
        matchCount: 3,
        rules: DEFAULT_RULES,
        tieBreakAnswer: null,
        cardChanges: [],
      },
      predictionsScored: 5,
      standingsUpdated: 5,
      finished: true,
      cardChanges: 0,
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
    await expectEventBoard(fx, event, picks, { final: true });
    expect(board[0]).toMatchObject({
      displayName: 'Alice Renamed',
      picks: '012',
      savedAtMs: Date.parse('2025-04-19T19:00:00.000Z'),
    });
    expect(board[1].displayName).toBe('name-carol');
    expect(board[4].picks).toBe('---');
    expect((await fx.predictionsOf(event)).get('alice')).toEqual({
      displayName: 'Alice Renamed',
      points: 18,
      correct: 3,
      rank: 1,
      scores: [
        { matchId: 'm1', points: 10 },
        { matchId: 'm2', points: 5 },
        { matchId: 'm3', points: 3 },
      ],
      cardBonus: 0,
      questionScores: [],
    });

    const standings = await fx.standings(2025);
    expect(standings.map((s) => [s.userId, s.points, s.correct, s.eventsPlayed, s.rank, s.rev])).toEqual([
      ['alice', 18, 3, 1, 1, 1],
      ['carol', 10, 1, 1, 2, 1],
      ['bob', 10, 1, 1, 2, 1],
      ['dave', 8, 2, 1, 4, 1],
      ['erin', 0, 0, 1, 5, 1],
    ]);
    await expectSeason(fx, 2025, expectedStandings([{ spec: event, picks }]));
    expect(standings[0]).toMatchObject({ displayName: 'Alice Renamed' });
    const stored = await fx.get(STANDING.key('alice', 2025)!);
    expect(stored).toMatchObject({ type: 'Standing', season: 2025, seasonId: '2025', rev: 1 });
    expect(stored).not.toHaveProperty('rank');
    expect(stored).not.toHaveProperty(TABLE.gsiPk);
    expect(await fx.get(PREDICTION.key('alice', event.date, 'e1'))).not.toHaveProperty(TABLE.gsiPk);
  });

  it('scores a prediction stored with null points, correct and rank', async () => {
    await fx.event(event);
    await fx.predictions(event, { alice: { m1: 0 } });
    const predictionKey = PREDICTION.key('alice', event.date, event.id);
    const stored = (await fx.get(predictionKey))!;
    await fx.put({ ...stored, points: null, correct: null, rank: null });
    await scorer.scoreEvent('e1');
    expect((await fx.leaderboard('e1')).map((r) => [r.points, r.correct, r.rank])).toEqual([[10, 1, 1]]);
    expect((await fx.predictionsOf(event)).get('alice')).toMatchObject({ points: 10, correct: 1, rank: 1 });
    expect((await fx.standings(2025)).map((r) => [r.points, r.eventsPlayed])).toEqual([[10, 1]]);
  });

  it('scores an event without predictions', async () => {
    await fx.event(event);
    const out = await scorer.scoreEvent('e1');
    expect(out).toMatchObject({
      report: { predictionsScored: 0, standingsUpdated: 0, finished: true, event: { state: 'SCORED' } },
    });
    expect((await fx.board(BOARD.eventScope('e1'))).head).toMatchObject({ rowCount: 0, scores: [], final: true });
  });

  it('returns NotFound for an unknown event', async () => {
    expect(await scorer.scoreEvent('nope')).toEqual({
      error: { type: ERROR.notFound, message: expect.stringContaining('nope') },
    });
  });

  it('returns InvalidStateTransition for an UPCOMING event and writes nothing', async () => {
    await fx.event({ ...event, state: 'UPCOMING' });
    await fx.predictions(event, { alice: { m1: 0 } });
    const out = await scorer.scoreEvent('e1');
    expect(out).toEqual({ error: { type: ERROR.invalidState, message: expect.stringContaining('UPCOMING') } });
    expect((await fx.predictionsOf(event)).get('alice')!.points).toBeNull();
    expect(await fx.leaderboard('e1')).toEqual([]);
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
    expect(await fx.storedStandings(2025)).toEqual([]);
    expect((await fx.board(BOARD.eventScope('e1'))).head).toBeNull();
  });

  it('returns QuestionAnswerMissing for a question with neither an answer nor void, and writes nothing', async () => {
    await fx.event(event);
    await fx.predictions(event, { alice: { m1: 0 } });
    const fields = { kind: 'CHOICE' as const, text: 'Who takes the fall?', options: ['A', 'B'], pickCount: 1 };
    const question = { ...fields, points: 3, closePoints: 0, closeRange: 0 };
    await fx.put(QUESTION.item({ ...QUESTION.record('e1', 'q1', 1, question), answer: null }));
    await fx.put(
      QUESTION.item({ ...QUESTION.record('e1', 'q2', 2, question), answer: { options: [], number: null, void: true } }),
    );
    const out = await scorer.scoreEvent('e1');
    if (!out.error) throw new Error('expected an error');
    expect(out.error.type).toBe(ERROR.questionAnswerMissing);
    expect(out.error.message).toContain('q1');
    expect(out.error.message).not.toContain('q2');
    expect(await fx.get(EVENT.key('e1'))).toMatchObject({ state: 'BROADCAST' });
    expect((await fx.board(BOARD.eventScope('e1'))).head).toBeNull();
  });

  it('refuses an event whose season does not fit a standing key, before writing anything', async () => {
    const far: EventSpec = { id: 'far', date: '2025-01-01', matches: [{ id: 'x', points: 10, result: 0 }] };
    await fx.put({ ...eventItem(far), season: 12025 });
    await fx.predictions(far, { alice: { x: 0 } });
    await expect(scorer.scoreEvent('far')).rejects.toThrow(/invalid season: 12025/);
    expect((await fx.predictionsOf(far)).get('alice')!.points).toBeNull();
  });
});

describe('createScorer', () => {
  it('refuses a concurrency that would run nothing, or is not a whole number', () => {
    const { client, tableName } = fx;
    for (const concurrency of [0, -1, 1.5, Number.NaN]) {
      expect(() => createScorer({ client, tableName, concurrency }), String(concurrency)).toThrow(
        /concurrency must be a whole number of at least 1/,
      );
    }
    expect(() => createScorer({ client, tableName, concurrency: 1 })).not.toThrow();
  });
});
