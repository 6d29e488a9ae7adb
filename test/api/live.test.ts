/**
 * The live broadcast end to end over HTTP: results visible as the admin enters them, draws and no
 * contests, other players' picks after the bell (never before), the provisional leaderboard after
 * each result (the asynchronous scoring pass awaited through the local Lambda data source, never
 * slept for), the final leaderboard, and visibility following the event's state after a scoring run
 * dies part-way.
 */
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { fromAttributes, toAttributes } from '../../amplify/functions/score-event/attributes.ts';
import { createDynamoDbClient } from 'appsync-local';
import { dynamoEndpoint } from 'appsync-local/testing';
import { MATCH } from '@pickem/domain/entities/match';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { ADMIN, ADMIN_GROUPS, inOneHour, tableSnapshot } from './mutations-fixtures.ts';
import { stateDir } from '../../project.ts';

let api: TestApi;
const asAdmin = (q: string, v: Record<string, unknown> = {}) => api.request(ADMIN, q, v, ADMIN_GROUPS);

const PLAYERS = ['p1', 'p2', 'p3', 'p4', 'p5'];
const POINTS = [10, 20, 5];
/** Each player's pick per match (three teams a match). */
const PICKS: Record<string, number[]> = { p1: [0, 1, 2], p2: [0, 0, 1], p3: [2, 1, 2], p4: [1, 2, 0], p5: [0, 1, 0] };

type Result = { winner: number | null; outcome: 'WIN' | 'DRAW' | 'NO_CONTEST' | null };
const NONE: Result = { winner: null, outcome: null };

const SET_RESULT = `mutation($e: ID!, $m: ID!, $w: Int, $o: MatchOutcome) {
  setMatchResult(eventId: $e, matchId: $m, winner: $w, outcome: $o) { id result outcome } }`;
const CARD = `query($e: ID!) { eventCard(eventId: $e) {
  event { state } matches { id result outcome } leaderboardFinal
  myPrediction { picks { matchId team } points correct }
  leaderboard(limit: 100) { items { userId points correct rank picks { matchId team } } } } }`;
const HISTORY = `query($u: ID) { userProfile(userId: $u) { history(limit: 100) { items { eventId points correct rank picks { matchId team } } } } }`;

let sub: Record<string, string>;

async function createEvent(name: string, date: string, startsAt: string) {
  const created = await asAdmin('mutation($i: CreateEventInput!) { createEvent(input: $i) { id } }', {
    i: { name, date, startsAt },
  });
  const id = created.data.createEvent.id as string;
  const matches: string[] = [];
  for (const [n, points] of POINTS.entries()) {
    const added = await asAdmin('mutation($e: ID!, $i: MatchInput!) { addMatch(eventId: $e, input: $i) { id } }', {
      e: id,
      i: {
        name: `Match ${n}`,
        points,
        teams: [{ members: [`A${n}`] }, { members: [`B${n}`] }, { members: [`C${n}`] }],
      },
    });
    matches.push(added.data.addMatch.id);
  }
  return { id, matches };
}

async function savePicks(eventId: string, matches: string[], players = PLAYERS) {
  for (const p of players) {
    await api.data(p, 'mutation($e: ID!, $p: [PickInput!]!) { savePrediction(eventId: $e, picks: $p) { userId } }', {
      e: eventId,
      p: matches.map((matchId, i) => ({ matchId, team: PICKS[p][i] })),
    });
  }
}

/** The leaderboard by user id, computed from the picks and results alone. */
function expectedBoard(results: Result[]) {
  const rows = PLAYERS.map((p) => {
    let points = 0;
    let correct = 0;
    results.forEach((r, i) => {
      if (r.outcome === 'WIN' && r.winner === PICKS[p][i]) {
        points += POINTS[i];
        correct += 1;
      }
    });
    return { userId: sub[p], points, correct };
  });
  return Object.fromEntries(
    rows.map((r) => [
      r.userId,
      {
        ...r,
        rank: 1 + rows.filter((o) => o.points > r.points || (o.points === r.points && o.correct > r.correct)).length,
      },
    ]),
  );
}

async function card(player: string, eventId: string) {
  return (await api.data(player, CARD, { e: eventId })).eventCard;
}

async function historyOf(viewer: string, player: string, eventId: string) {
  const { userProfile } = await api.data(viewer, HISTORY, { u: sub[player] });
  return userProfile.history.items.find((h: { eventId: string }) => h.eventId === eventId);
}

function waitUntil(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms - Date.now()) + 50));
}

beforeAll(async () => {
  api = await startTestApi();
  sub = {};
  for (const p of PLAYERS) {
    const { updateMyProfile } = await api.data(p, 'mutation($n: String!) { updateMyProfile(displayName: $n) { id } }', {
      n: `Player ${p}`,
    });
    sub[p] = updateMyProfile.id;
  }
}, 60_000);

afterAll(async () => {
  await api.app.settled();
  await api?.close();
});

describe('a live broadcast', () => {
  let live: { id: string; matches: string[] };
  let later: { id: string; matches: string[] };
  let bellMs: number;

  beforeAll(async () => {
    live = await createEvent('Live Night', '2031-02-01', inOneHour());
    later = await createEvent('Later Night', '2031-03-01', inOneHour());
    await savePicks(live.id, live.matches);
    await savePicks(later.id, later.matches, ['p2']);
    // The bell is moved close only once the picks are in, so a slow set-up cannot ring it early.
    bellMs = Date.now() + 3_000;
    await asAdmin('mutation($i: UpdateEventInput!) { updateEvent(input: $i) { id } }', {
      i: { id: live.id, startsAt: new Date(bellMs).toISOString() },
    });
  }, 60_000);

  it("hides another player's picks before the bell, shows them after it, and never before another event's bell", async () => {
    expect((await historyOf('p1', 'p2', live.id)).picks).toEqual([]);
    expect((await historyOf('p2', 'p2', live.id)).picks).toHaveLength(3);
    const upcoming = await card('p1', live.id);
    expect(upcoming.leaderboard).toBeNull();
    expect(upcoming.leaderboardFinal).toBe(false);

    await waitUntil(bellMs);
    // Still UPCOMING, but the bell has rung: nothing is left to copy.
    expect((await card('p1', live.id)).event.state).toBe('UPCOMING');
    expect((await historyOf('p1', 'p2', live.id)).picks).toEqual(
      live.matches.map((matchId, i) => ({ matchId, team: PICKS.p2[i] })),
    );
    expect((await historyOf('p1', 'p2', later.id)).picks).toEqual([]);
    expect((await historyOf('p1', 'p2', later.id)).points).toBeNull();
  });

  it('refuses a result whose winner and outcome disagree, writing nothing', async () => {
    await asAdmin('mutation($i: UpdateEventInput!) { updateEvent(input: $i) { id } }', {
      i: { id: live.id, state: 'BROADCAST' },
    });
    await api.app.settled();
    const before = await tableSnapshot(api);
    const bad: [number | null, string][] = [
      [null, 'WIN'],
      [0, 'DRAW'],
      [1, 'NO_CONTEST'],
      [3, 'WIN'],
      [-1, 'WIN'],
    ];
    for (const [w, o] of bad) {
      const res = await asAdmin(SET_RESULT, { e: live.id, m: live.matches[0], w, o });
      expect(res.errors?.[0]?.errorType, `winner ${w}, outcome ${o}`).toBe('ValidationError');
    }
    await api.app.settled();
    expect(await tableSnapshot(api)).toBe(before);
  });

  it('shows every result to players as it is entered, and a provisional leaderboard that catches up with each', async () => {
    const results: Result[] = [NONE, NONE, NONE];
    const steps: [number, Result][] = [
      [0, { winner: 0, outcome: 'WIN' }],
      [1, { winner: null, outcome: 'DRAW' }],
      [0, { winner: 2, outcome: 'WIN' }], // corrected
      [2, { winner: null, outcome: 'NO_CONTEST' }],
      [0, NONE], // cleared
      [2, { winner: 1, outcome: 'WIN' }], // a no contest corrected to a win
      [0, { winner: 1, outcome: 'WIN' }],
    ];
    for (const [i, r] of steps) {
      const res = await asAdmin(SET_RESULT, { e: live.id, m: live.matches[i], w: r.winner, o: r.outcome });
      expect(res.errors).toBeUndefined();
      expect(res.data.setMatchResult).toEqual({ id: live.matches[i], result: r.winner, outcome: r.outcome });
      results[i] = r;
      // The result shows at once; the leaderboard once the asynchronous pass has run.
      expect(
        (await card('p3', live.id)).matches.map((m: Result & { result: number | null }) => [m.result, m.outcome]),
      ).toEqual(results.map((x) => [x.winner, x.outcome]));
      await api.app.settled();
      const view = await card('p3', live.id);
      expect(view.event.state).toBe('BROADCAST');
      expect(view.leaderboardFinal).toBe(false);
      const expected = expectedBoard(results);
      expect(view.leaderboard.items, `after step ${JSON.stringify([i, r])}`).toHaveLength(PLAYERS.length);
      for (const row of view.leaderboard.items) {
        expect({ userId: row.userId, points: row.points, correct: row.correct, rank: row.rank }).toEqual(
          expected[row.userId],
        );
      }
      // Other players' picks show on the board once locked.
      const p4 = view.leaderboard.items.find((row: { userId: string }) => row.userId === sub.p4);
      expect(p4.picks.map((p: { team: number }) => p.team)).toEqual(PICKS.p4);
      expect(view.myPrediction).toMatchObject({ points: expected[sub.p3].points, correct: expected[sub.p3].correct });
    }
  });

  it('makes scoreEvent the final step: every match needs a result, then the board is final and equals a from-scratch computation', async () => {
    await asAdmin(SET_RESULT, { e: live.id, m: live.matches[1], w: null, o: null });
    await api.app.settled();
    const missing = await asAdmin('mutation($e: ID!) { scoreEvent(eventId: $e) { predictionsScored } }', {
      e: live.id,
    });
    expect(missing.errors?.[0]?.errorType).toBe('ResultsMissing');
    await asAdmin(SET_RESULT, { e: live.id, m: live.matches[1], w: null, o: 'DRAW' });
    await api.app.settled();
    const scored = await asAdmin(
      'mutation($e: ID!) { scoreEvent(eventId: $e) { event { state } predictionsScored } }',
      { e: live.id },
    );
    expect(scored.data.scoreEvent).toEqual({ event: { state: 'SCORED' }, predictionsScored: PLAYERS.length });
    const results: Result[] = [
      { winner: 1, outcome: 'WIN' },
      { winner: null, outcome: 'DRAW' },
      { winner: 1, outcome: 'WIN' },
    ];
    const view = await card('p1', live.id);
    expect(view.leaderboardFinal).toBe(true);
    const expected = expectedBoard(results);
    for (const row of view.leaderboard.items)
      expect({ userId: row.userId, points: row.points, correct: row.correct, rank: row.rank }).toEqual(
        expected[row.userId],
      );
    const { standings } = await api.data(
      'p1',
      '{ standings(season: 2031, limit: 100) { items { userId points correct eventsPlayed } } }',
    );
    for (const s of standings.items)
      expect({ userId: s.userId, points: s.points, correct: s.correct }).toEqual({
        userId: s.userId,
        points: expected[s.userId].points,
        correct: expected[s.userId].correct,
      });
    expect(standings.items.map((s: { eventsPlayed: number }) => s.eventsPlayed)).toEqual(PLAYERS.map(() => 1));
  });
});

describe('visibility follows the event, never a prediction', () => {
  it("after a scoring run dies part-way, history shows the live board's figures for every prediction the run did not reach, and a re-run makes it final", async () => {
    const ev = await createEvent('Cut Short', '2032-01-01', inOneHour());
    await savePicks(ev.id, ev.matches);
    await asAdmin('mutation($i: UpdateEventInput!) { updateEvent(input: $i) { id } }', {
      i: { id: ev.id, state: 'BROADCAST' },
    });
    for (const m of ev.matches) await asAdmin(SET_RESULT, { e: ev.id, m, w: 0, o: 'WIN' });
    await api.app.settled();
    // A correction made behind the API's back (no live pass), then a final run killed after 2 writes.
    const client = createDynamoDbClient(dynamoEndpoint(), stateDir);
    const key = toAttributes(MATCH.key(ev.id, ev.matches[0]));
    const stored = fromAttributes(
      (await client.send(new GetItemCommand({ TableName: api.tableName, Key: key }))).Item!,
    );
    await client.send(new PutItemCommand({ TableName: api.tableName, Item: toAttributes({ ...stored, result: 2 }) }));
    const dying = createScorer({
      client,
      tableName: api.tableName,
      concurrency: 1,
      playersPerTransaction: 1,
      afterWrite: (w) => {
        if (w === 2) throw new Error('killed');
      },
    });
    await expect(dying.scoreEvent(ev.id)).rejects.toThrow('killed');

    const view = await card('p1', ev.id);
    expect(view.event.state).toBe('BROADCAST');
    expect(view.leaderboardFinal).toBe(false);
    expect(view.matches.map((m: { result: number }) => m.result)).toEqual([2, 0, 0]);
    // The card shows the live board; a history shows the same figures for a prediction the killed run
    // did not reach, and the final pass's own for one it wrote (the final figures, shown once SCORED).
    const reached: string[] = [];
    for (const p of PLAYERS.filter((x) => x !== 'p1')) {
      const item = await historyOf('p1', p, ev.id);
      const row = view.leaderboard.items.find((r: { userId: string }) => r.userId === sub[p]);
      const prediction = fromAttributes(
        (
          await client.send(
            new GetItemCommand({
              TableName: api.tableName,
              Key: toAttributes(PREDICTION.key(sub[p], '2032-01-01', ev.id)),
            }),
          )
        ).Item!,
      );
      expect(item.picks).toHaveLength(3);
      const figures = { points: item.points, correct: item.correct, rank: item.rank };
      if (prediction.points === undefined)
        expect(figures).toEqual({ points: row.points, correct: row.correct, rank: row.rank });
      else {
        reached.push(p);
        expect(figures).toEqual({ points: prediction.points, correct: prediction.correct, rank: prediction.rank });
      }
    }
    expect(reached.length).toBeLessThan(PLAYERS.length - 1);

    await asAdmin('mutation($e: ID!) { scoreEvent(eventId: $e) { predictionsScored } }', { e: ev.id });
    const final = await card('p1', ev.id);
    expect(final.leaderboardFinal).toBe(true);
    const expected = expectedBoard([
      { winner: 2, outcome: 'WIN' },
      { winner: 0, outcome: 'WIN' },
      { winner: 0, outcome: 'WIN' },
    ]);
    for (const row of final.leaderboard.items)
      expect({ userId: row.userId, points: row.points, correct: row.correct, rank: row.rank }).toEqual(
        expected[row.userId],
      );
    client.destroy();
  });

  it('shows no picks and no points of an event before its bell, whatever its predictions hold', async () => {
    const ev = await createEvent('Not Yet', '2033-01-01', inOneHour());
    await savePicks(ev.id, ev.matches, ['p2']);
    // A prediction carrying a score while its event is UPCOMING (as a stray write could leave it).
    const client = createDynamoDbClient(dynamoEndpoint(), stateDir);
    const key = toAttributes(PREDICTION.key(sub.p2, '2033-01-01', ev.id));
    const stored = fromAttributes(
      (await client.send(new GetItemCommand({ TableName: api.tableName, Key: key }))).Item!,
    );
    await client.send(
      new PutItemCommand({
        TableName: api.tableName,
        Item: toAttributes({ ...stored, points: 30, correct: 2, rank: 1 }),
      }),
    );
    client.destroy();

    const theirs = await historyOf('p1', 'p2', ev.id);
    expect(theirs).toMatchObject({ picks: [], points: null, correct: null, rank: null });
    const own = await historyOf('p2', 'p2', ev.id);
    expect(own.picks).toHaveLength(3);
    expect(own.points).toBeNull();
    expect((await card('p2', ev.id)).myPrediction.points).toBeNull();
  });
});
