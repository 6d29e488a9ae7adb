/**
 * Live (provisional) scoring passes of a BROADCAST event over the results entered so far, draws and
 * no contests, and the final pass after them: each compared with a from-scratch computation
 * (fixtures.ts) that knows nothing of the scorer's incremental bookkeeping.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestTable } from 'appsync-local/testing';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import type { ScoringOutcome } from '../../resolvers/lib/scoring.ts';
import { Fixture, expectedLeaderboard, expectedStandings, type EventSpec, type MatchSpec, type Picks } from './fixtures.ts';

let fx: Fixture;
let scorer: ReturnType<typeof createScorer>;

beforeEach(async () => {
  const { client, tableName } = await createTestTable();
  fx = new Fixture(client, tableName);
  scorer = createScorer({ client, tableName });
});

const earlier: EventSpec = { id: 'e0', date: '2025-02-01', state: 'SCORED', matches: [{ id: 'p', points: 4, result: 1 }] };
const earlierPicks: Picks = { ann: { p: 1 }, ben: { p: 0 }, cat: { p: 1 } };

/** The card as the admin enters results one by one: the final results of each match. */
const FINAL: MatchSpec[] = [
  { id: 'a', points: 10, result: 0 },
  { id: 'b', points: 20, result: null, outcome: 'DRAW' },
  { id: 'c', points: 5, result: 2 },
  { id: 'd', points: 8, result: null, outcome: 'NO_CONTEST' },
];
const picks: Picks = {
  ann: { a: 0, b: 1, c: 2, d: 0 },
  ben: { a: 0, b: 0, c: 1, d: 1 },
  cat: { a: 1, b: 1, c: 2 },
  dan: { a: 1, b: 0, c: 0, d: 0 },
  eve: {},
};
const NO_RESULT = (m: MatchSpec): MatchSpec => ({ id: m.id, points: m.points, result: null });
/** The event with the first `known` results entered. */
const live = (known: number): EventSpec => ({ id: 'e1', date: '2025-03-01', state: 'BROADCAST', matches: FINAL.map((m, i) => (i < known ? m : NO_RESULT(m))) });

/** The report of a run that succeeded (an expected failure fails the test). */
function succeeded(outcome: ScoringOutcome) {
  if (!('report' in outcome) || !outcome.report) throw new Error(`scoring failed: ${JSON.stringify(outcome)}`);
  return outcome;
}

async function expectBoard(spec: EventSpec) {
  const expected = expectedLeaderboard(spec, picks);
  const board = await fx.leaderboard(spec.id);
  expect(board).toHaveLength(expected.size);
  for (const row of board) expect({ points: row.points, correct: row.correct, rank: row.rank }, String(row.userId)).toEqual(expected.get(row.userId as string));
}

const summary = (rows: Awaited<ReturnType<Fixture['standings']>>) => rows.map((r) => [r.userId, r.points, r.correct, r.eventsPlayed, r.rank]);
const expectedSummary = (spec: EventSpec) =>
  expectedStandings([{ spec: earlier, picks: earlierPicks }, { spec, picks }]).map((r) => [r.userId, r.points, r.correct, r.eventsPlayed, r.rank]);

/** The test table's client, counting the items of every TransactWriteItems sent through it. */
function countingClient() {
  const counted = { items: 0, client: fx.client };
  counted.client = new Proxy(fx.client, {
    get(target, name, receiver) {
      if (name !== 'send') return Reflect.get(target, name, receiver);
      return (command: { input: { TransactItems?: unknown[] } }) => {
        counted.items += command.input.TransactItems?.length ?? 0;
        return target.send(command as never);
      };
    },
  });
  return counted;
}

async function setup() {
  await fx.event(earlier);
  await fx.predictions(earlier, earlierPicks);
  await fx.setState(earlier, 'BROADCAST');
  await scorer.scoreEvent('e0');
  await fx.event(live(0));
  await fx.predictions(live(0), picks);
}

describe('provisional scoring of a BROADCAST event', () => {
  it('after each result equals a from-scratch computation over the results so far, and the final pass equals it too', async () => {
    await setup();
    for (let known = 0; known <= FINAL.length; known++) {
      if (known > 0) await fx.setResult('e1', FINAL[known - 1]);
      const outcome = succeeded(await scorer.scoreEvent('e1', { provisional: true }));
      expect(outcome.report.event.state, `after ${known} results`).toBe('BROADCAST');
      await expectBoard(live(known));
      // Standings move live: they always hold the sum of the scored predictions.
      expect(summary(await fx.standings(2025)), `after ${known} results`).toEqual(expectedSummary(live(known)));
    }
    const final = succeeded(await scorer.scoreEvent('e1'));
    expect(final.report.event.state).toBe('SCORED');
    await expectBoard(live(FINAL.length));
    expect(summary(await fx.standings(2025))).toEqual(expectedSummary(live(FINAL.length)));
  });

  it('gives no points to anyone for a draw or a no contest, and counts them as no correct pick', async () => {
    await setup();
    for (const m of FINAL) await fx.setResult('e1', m.outcome ? m : NO_RESULT(m));
    await scorer.scoreEvent('e1', { provisional: true });
    const board = await fx.leaderboard('e1');
    expect(board.every((r) => r.points === 0 && r.correct === 0)).toBe(true);
    expect(board).toHaveLength(Object.keys(picks).length);
  });

  it('follows a corrected and a cleared result from scratch', async () => {
    await setup();
    for (const m of FINAL.slice(0, 3)) await fx.setResult('e1', m);
    await scorer.scoreEvent('e1', { provisional: true });
    const corrected: EventSpec = { ...live(3), matches: live(3).matches.map((m) => (m.id === 'a' ? { ...m, result: 1 } : m.id === 'c' ? NO_RESULT(m) : m)) };
    await fx.setResult('e1', corrected.matches[0]);
    await fx.setResult('e1', corrected.matches[2]);
    await scorer.scoreEvent('e1', { provisional: true });
    await expectBoard(corrected);
    expect(summary(await fx.standings(2025))).toEqual(expectedSummary(corrected));
  });

  it('scored twice writes nothing the second time', async () => {
    await setup();
    await fx.setResult('e1', FINAL[0]);
    await scorer.scoreEvent('e1', { provisional: true });
    const again = succeeded(await scorer.scoreEvent('e1', { provisional: true }));
    expect(again.stats.writes).toBe(0);
    expect(again.report.standingsUpdated).toBe(0);
  });

  it('converges on the latest results when passes overlap a result being entered', async () => {
    await setup();
    await fx.setResult('e1', FINAL[0]);
    const passes = [scorer.scoreEvent('e1', { provisional: true })];
    await fx.setResult('e1', FINAL[1]);
    await fx.setResult('e1', FINAL[2]);
    passes.push(scorer.scoreEvent('e1', { provisional: true }), scorer.scoreEvent('e1', { provisional: true }));
    for (const outcome of await Promise.all(passes)) expect(outcome.error).toBeUndefined();
    await expectBoard(live(3));
    expect(summary(await fx.standings(2025))).toEqual(expectedSummary(live(3)));
  });

  it('converges when a live pass killed part-way is followed by the next one', async () => {
    await setup();
    for (const m of FINAL.slice(0, 2)) await fx.setResult('e1', m);
    for (const n of [0, 1, 3]) {
      const dying = createScorer({ client: fx.client, tableName: fx.tableName, concurrency: 1, playersPerTransaction: 1, afterWrite: (w) => {
        if (w === n) throw new Error(`killed after ${n} writes`);
      } });
      await expect(dying.scoreEvent('e1', { provisional: true })).rejects.toThrow(/killed/);
    }
    await scorer.scoreEvent('e1', { provisional: true });
    await expectBoard(live(2));
    expect(summary(await fx.standings(2025))).toEqual(expectedSummary(live(2)));
  });

  it('writes only the items that differ when a player\'s points stay, and converges wherever such a pass is killed', async () => {
    await setup();
    for (const m of FINAL.slice(0, 3)) await fx.setResult('e1', m);
    await scorer.scoreEvent('e1', { provisional: true });
    // Corrected: c's winner 2 -> 1. ann and cat lose 5 points, ben gains 5; dan and eve keep theirs.
    const before = live(3);
    const corrected: EventSpec = { ...before, matches: before.matches.map((m) => (m.id === 'c' ? { ...m, result: 1 } : m)) };
    // Two items for a player whose points change; otherwise one for each rank that moves.
    const board = [expectedLeaderboard(before, picks), expectedLeaderboard(corrected, picks)];
    const season = [expectedSummary(before), expectedSummary(corrected)].map((rows) => new Map(rows.map((r) => [r[0], r[4]])));
    const expectedItems = Object.keys(picks).reduce((n, u) => {
      if (board[0].get(u)!.points !== board[1].get(u)!.points) return n + 2;
      return n + Number(board[0].get(u)!.rank !== board[1].get(u)!.rank) + Number(season[0].get(u) !== season[1].get(u));
    }, 0);
    expect(expectedItems).toBeLessThan(2 * Object.keys(picks).length);

    await fx.setResult('e1', corrected.matches[2]);
    const counted = countingClient();
    succeeded(await createScorer({ client: counted.client, tableName: fx.tableName }).scoreEvent('e1', { provisional: true }));
    expect(counted.items).toBe(expectedItems);
    await expectBoard(corrected);
    expect(summary(await fx.standings(2025))).toEqual(expectedSummary(corrected));

    // Back and forth between the two cards, each pass killed after n writes, then one pass to the end.
    for (const [i, n] of [1, 1, 2, 1].entries()) {
      await fx.setResult('e1', (i % 2 === 0 ? before : corrected).matches[2]);
      const dying = createScorer({ client: fx.client, tableName: fx.tableName, concurrency: 1, playersPerTransaction: 1, afterWrite: (w) => {
        if (w === n) throw new Error(`killed after ${n} writes`);
      } });
      await expect(dying.scoreEvent('e1', { provisional: true }), `kill ${i}`).rejects.toThrow(/killed/);
    }
    await fx.setResult('e1', before.matches[2]);
    succeeded(await scorer.scoreEvent('e1', { provisional: true }));
    await expectBoard(before);
    expect(summary(await fx.standings(2025))).toEqual(expectedSummary(before));
  });

  it('converges on the latest results when each result entered starts a pass at once', async () => {
    await setup();
    const small = createScorer({ client: fx.client, tableName: fx.tableName, concurrency: 2, playersPerTransaction: 1 });
    const passes: Promise<ScoringOutcome>[] = [];
    for (const m of FINAL) {
      await fx.setResult('e1', m);
      passes.push(small.scoreEvent('e1', { provisional: true }));
    }
    for (const outcome of await Promise.all(passes)) expect(outcome.error).toBeUndefined();
    await expectBoard(live(FINAL.length));
    expect(summary(await fx.standings(2025))).toEqual(expectedSummary(live(FINAL.length)));
  });

  it('is refused on an event that is not BROADCAST; the final pass still needs every result', async () => {
    await setup();
    await fx.setState(live(0), 'UPCOMING');
    expect((await scorer.scoreEvent('e1', { provisional: true })).error?.type).toBe('InvalidStateTransition');
    await fx.setState(live(0), 'BROADCAST');
    await fx.setResult('e1', FINAL[0]);
    expect((await scorer.scoreEvent('e1')).error?.type).toBe('ResultsMissing');
    for (const m of FINAL) await fx.setResult('e1', m);
    await scorer.scoreEvent('e1');
    expect((await scorer.scoreEvent('e1', { provisional: true })).error?.type).toBe('InvalidStateTransition');
  });
});
