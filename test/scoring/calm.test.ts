/**
 * Live passes under a flood of results: every setMatchResult raises the event's card revision and
 * starts a pass; a pass that meets a newer revision stands down (superseded) instead of looping or
 * failing, no older pass can replace a head built from a newer card, and the board still ends exact
 * for the final card. The handler publishes a RESULT once per invocation: a superseded pass publishes
 * no LEADERBOARD, and a pass that throws after its RESULT is out is run again in the same invocation
 * instead of being left to Lambda's retry (which would send the RESULT again).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { handler } from '../../amplify/functions/score-event/handler.ts';
import { replaceBoard } from '../../amplify/functions/score-event/board.ts';
import { createStore } from '../../amplify/functions/score-event/store.ts';
import { BOARD, type BoardHead, type EventRow } from '@pickem/domain/entities/board';
import type { ScoringOutcome } from '@pickem/domain/scoring';
import type { EventUpdateInput } from '@pickem/domain/schema-types';
import {
  Fixture,
  expectEventBoard,
  freshFixture,
  handlerEnvironmentOn,
  restoreHandlerEnvironmentAfterEach,
  type EventSpec,
  type MatchSpec,
  type Picks,
} from './fixtures.ts';

const hooks = vi.hoisted(() => ({
  published: [] as EventUpdateInput[],
  /** Runs as each update is published, when set. */
  onPublish: null as null | ((update: EventUpdateInput) => Promise<void>),
  /** Runs before the scorer's n-th read of the card (n from 1) when set. */
  beforeReadCard: null as null | ((n: number) => Promise<void>),
  readsOfCard: 0,
}));

vi.mock('../../amplify/functions/score-event/announce.ts', async (original) => ({
  ...(await original<typeof import('../../amplify/functions/score-event/announce.ts')>()),
  publish: async (update: EventUpdateInput) => {
    hooks.published.push(update);
    await hooks.onPublish?.(update);
  },
}));

vi.mock('../../amplify/functions/score-event/card.ts', async (original) => {
  const real = await original<typeof import('../../amplify/functions/score-event/card.ts')>();
  return {
    ...real,
    readCard: async (...args: Parameters<typeof real.readCard>) => {
      hooks.readsOfCard += 1;
      if (hooks.beforeReadCard) await hooks.beforeReadCard(hooks.readsOfCard);
      return real.readCard(...args);
    },
  };
});

let fx: Fixture;
restoreHandlerEnvironmentAfterEach();

beforeEach(async () => {
  fx = await freshFixture();
  hooks.published.length = 0;
  hooks.onPublish = null;
  hooks.beforeReadCard = null;
  hooks.readsOfCard = 0;
});

const MATCHES: MatchSpec[] = [
  { id: 'a', points: 10, result: null },
  { id: 'b', points: 20, result: null },
  { id: 'c', points: 5, result: null },
  { id: 'd', points: 8, result: null },
];
const spec: EventSpec = { id: 'flood', date: '2025-06-01', state: 'BROADCAST', matches: MATCHES };
// 150 players over two chunks, their picks spread over both teams of every match.
const picks: Picks = {};
for (let u = 0; u < 150; u++)
  picks[`u${String(u).padStart(3, '0')}`] = Object.fromEntries(MATCHES.map((m, i) => [m.id, (u >> i) & 1]));

/** The i-th result of the flood: the matches in turn, winners alternating 0 and 1 from one round to the next. */
const nth = (i: number): MatchSpec => ({ ...MATCHES[i % MATCHES.length], result: Math.floor(i / MATCHES.length) % 2 });
/** The card after the first n results of the flood. */
function afterResults(n: number): EventSpec {
  const matches = MATCHES.map((m) => ({ ...m }));
  for (let i = 0; i < n; i++) matches[i % MATCHES.length] = nth(i);
  return { ...spec, matches };
}

const head = async () => (await fx.board(BOARD.eventScope(spec.id))).head as BoardHead;

describe('a flood of results', () => {
  it('30 results, each starting a pass at once: the board ends exact for the final card, no pass throws, fewer replacements than passes', async () => {
    await fx.event(spec);
    await fx.predictions(spec, picks);
    const scorer = createScorer({ client: fx.client, tableName: fx.tableName, concurrency: 2 });
    const first = await scorer.scoreEvent(spec.id, { provisional: true });
    expect(first.error).toBeUndefined();
    const before = (await head()).version;

    const FLOOD = 30;
    const passes: Promise<ScoringOutcome>[] = [];
    for (let i = 0; i < FLOOD; i++) {
      await fx.enterResult(spec.id, nth(i));
      passes.push(scorer.scoreEvent(spec.id, { provisional: true }));
    }
    // Promise.all rejects if any pass throws.
    const outcomes = await Promise.all(passes);
    for (const outcome of outcomes) expect(outcome.error).toBeUndefined();

    await expectEventBoard(fx, afterResults(FLOOD), picks, { final: false });
    const after = await head();
    expect(after.cardRev).toBe(FLOOD);
    const replacements = after.version - before;
    const superseded = outcomes.filter((o) => o.superseded).length;
    expect(replacements).toBeLessThan(FLOOD);
    expect(superseded).toBeGreaterThan(0);
    // The last result's pass is never superseded: nothing is newer than its card.
    expect(outcomes[FLOOD - 1].superseded).toBeFalsy();
  });

  it('an older pass cannot replace a head built from a newer card: it stands down, by the head it reads and by the condition of its write', async () => {
    await fx.event(spec);
    await fx.predictions(spec, picks);
    for (let i = 0; i < 5; i++) await fx.enterResult(spec.id, nth(i));
    const scorer = createScorer({ client: fx.client, tableName: fx.tableName });
    expect((await scorer.scoreEvent(spec.id, { provisional: true })).superseded).toBeFalsy();
    const newer = await head();
    expect(newer.cardRev).toBe(5);

    const store = createStore({ client: fx.client, tableName: fx.tableName, concurrency: 2 });
    store.startWrites();
    const older = { rows: [['x', 'X', 999, 9, 0, '0000', 0] as EventRow], final: false, card: newer.card };
    // A pass of revision 3 reads the head of revision 5: it writes nothing.
    const read = await replaceBoard<EventRow>(store, BOARD.eventScope(spec.id), async () => older, {
      cardRev: 3,
      yieldToNewer: true,
    });
    expect(read).toMatchObject({ written: false, superseded: true });
    expect(await head()).toEqual(newer);

    // The condition alone: a head of revision 4 is read and composed on; meanwhile the stored head
    // turns to revision 9 at the same version (as no pass writes it, so only the condition can tell).
    await fx.put({ ...BOARD.eventHeadKey(spec.id), ...BOARD.headAttributes({ ...newer, cardRev: 4 }) });
    let composed = 0;
    const raced = await replaceBoard<EventRow>(
      store,
      BOARD.eventScope(spec.id),
      async () => {
        composed += 1;
        if (composed === 1)
          await fx.put({ ...BOARD.eventHeadKey(spec.id), ...BOARD.headAttributes({ ...newer, cardRev: 9 }) });
        return older;
      },
      { cardRev: 5, yieldToNewer: true },
    );
    expect(raced).toMatchObject({ written: false, superseded: true });
    expect(composed).toBe(1);
    expect(await head()).toEqual({ ...newer, cardRev: 9 });
    await expectEventBoard(fx, afterResults(5), picks, { final: false });
  });

  it('a final pass records the revision it scored, and a live pass never replaces its board', async () => {
    await fx.event(spec);
    await fx.predictions(spec, picks);
    for (let i = 0; i < MATCHES.length; i++) await fx.enterResult(spec.id, nth(i));
    const scorer = createScorer({ client: fx.client, tableName: fx.tableName });
    expect((await scorer.scoreEvent(spec.id)).error).toBeUndefined();
    expect(await head()).toMatchObject({ final: true, cardRev: MATCHES.length });
    expect((await scorer.scoreEvent(spec.id)).error).toBeUndefined();
    expect((await head()).version, 'scoring twice writes the board once').toBe(1);
  });
});

describe('the handler under a flood', () => {
  it('a superseded live pass publishes its RESULT once and no LEADERBOARD, and does not throw', async () => {
    await fx.event(spec);
    await fx.predictions(spec, picks);
    await fx.enterResult(spec.id, nth(0));
    handlerEnvironmentOn(fx.tableName);
    // A newer result lands while the pass writes the board: its re-read of the card finds revision 2.
    hooks.beforeReadCard = async (n) => {
      if (n === 2) await fx.enterResult(spec.id, nth(1));
    };
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const out = await handler({ eventId: spec.id, pass: 'PROVISIONAL', announce: { resultOf: 'a' }, async: true });
      expect(out).toMatchObject({ superseded: true, report: { finished: true } });
      expect(hooks.published.map((u) => u.kind)).toEqual(['RESULT']);
      expect(info).toHaveBeenCalledWith(expect.stringMatching(/superseded by a newer result/));
    } finally {
      info.mockRestore();
    }
    // The newer result's pass publishes the leaderboard, on the latest card.
    hooks.beforeReadCard = null;
    hooks.published.length = 0;
    const newer = await handler({ eventId: spec.id, pass: 'PROVISIONAL', announce: { resultOf: 'b' }, async: true });
    expect(newer?.error ?? newer?.superseded).toBeFalsy();
    expect(hooks.published.map((u) => u.kind)).toEqual(['RESULT', 'LEADERBOARD']);
    await expectEventBoard(fx, afterResults(2), picks, { final: false });
  });

  it('an asynchronous pass that throws after its RESULT is out runs again in the same invocation: RESULT once, no throw', async () => {
    await fx.event(spec);
    await fx.predictions(spec, picks);
    await fx.enterResult(spec.id, nth(0));
    handlerEnvironmentOn(fx.tableName);
    hooks.beforeReadCard = async (n) => {
      if (n === 1) throw new Error('a transient failure');
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const out = await handler({ eventId: spec.id, pass: 'PROVISIONAL', announce: { resultOf: 'a' }, async: true });
      expect(out?.error).toBeUndefined();
      expect(hooks.published.map((u) => u.kind)).toEqual(['RESULT', 'LEADERBOARD']);
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/running it again/), expect.any(Error));
    } finally {
      warn.mockRestore();
    }
    await expectEventBoard(fx, afterResults(1), picks, { final: false });

    // A pass that keeps failing: logged and answered, never thrown (Lambda would send the RESULT again).
    hooks.beforeReadCard = async () => {
      throw new Error('DynamoDB is down');
    };
    hooks.published.length = 0;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const out = await handler({ eventId: spec.id, pass: 'PROVISIONAL', announce: { resultOf: 'a' }, async: true });
      expect(out).toEqual({ error: { type: 'ScoringFailed', message: 'DynamoDB is down' } });
      expect(hooks.published.map((u) => u.kind)).toEqual(['RESULT']);
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/failed 3 times/), expect.any(Error));
      // Without a RESULT out (nothing to announce), the throw is left to Lambda's retry as before.
      await expect(handler({ eventId: spec.id, pass: 'PROVISIONAL', async: true })).rejects.toThrow('DynamoDB is down');
    } finally {
      errors.mockRestore();
      warned.mockRestore();
    }
  });
});

describe("a live pass's old chunk sets", () => {
  it('are deleted after its LEADERBOARD is out, and before the handler returns', async () => {
    await fx.event(spec);
    await fx.predictions(spec, picks);
    handlerEnvironmentOn(fx.tableName);
    const store = createStore({ client: fx.client, tableName: fx.tableName, concurrency: 2 });
    const sets = async () => (await store.query(BOARD.chunkSets(BOARD.eventScope(spec.id)))).length;
    const setsAtLeaderboard: number[] = [];
    hooks.onPublish = async (update) => {
      if (update.kind === 'LEADERBOARD') setsAtLeaderboard.push(await sets());
    };
    // Each result's pass writes a set; from the third on, the head's set and its previous stay, and the
    // one before goes.
    for (let i = 0; i < 3; i++) {
      await fx.enterResult(spec.id, nth(i));
      const out = await handler({ eventId: spec.id, pass: 'PROVISIONAL', announce: { resultOf: nth(i).id } });
      expect(out?.error).toBeUndefined();
      expect(out?.announceError).toBeUndefined();
    }
    expect(setsAtLeaderboard).toEqual([1, 2, 3]);
    expect(await sets()).toBe(2);
    await expectEventBoard(fx, afterResults(3), picks, { final: false });
  });
});
