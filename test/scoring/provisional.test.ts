/**
 * Live (provisional) scoring passes of a BROADCAST event over the results entered so far, draws and
 * no contests, and the final pass after them: each compared with a from-scratch computation
 * (fixtures.ts) that knows nothing of the scorer's bookkeeping. A live pass rebuilds the event's board
 * and writes nothing per player: predictions stay unscored and standings stay put until the final pass.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DeleteItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { onItemsWritten } from '../../amplify/functions/score-event/meter.ts';
import { fromAttributes, toAttributes } from '../../amplify/functions/score-event/attributes.ts';
import { chunkKeys } from '../../amplify/functions/score-event/board.ts';
import { BOARD, shownHead, type BoardHead } from '@pickem/domain/entities/board';
import { ENTRY } from '@pickem/domain/entities/entry';
import { keyOf, TABLE, type ItemKey } from '@pickem/domain/entities/table';
import type { ScoringOutcome } from '@pickem/domain/scoring';
import {
  Fixture,
  expectEventBoard,
  expectSeason,
  expectedStandings,
  freshScoring,
  type EventSpec,
  type MatchSpec,
  type Picks,
} from './fixtures.ts';

let fx: Fixture;
let scorer: ReturnType<typeof createScorer>;

beforeEach(async () => {
  ({ fx, scorer } = await freshScoring());
});

const earlier: EventSpec = {
  id: 'e0',
  date: '2025-02-01',
  state: 'SCORED',
  matches: [{ id: 'p', points: 4, result: 1 }],
};
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
const live = (known: number): EventSpec => ({
  id: 'e1',
  date: '2025-03-01',
  state: 'BROADCAST',
  matches: FINAL.map((m, i) => (i < known ? m : NO_RESULT(m))),
});

/** The report of a run that succeeded (an expected failure fails the test). */
function succeeded(outcome: ScoringOutcome) {
  if (!('report' in outcome) || !outcome.report) throw new Error(`scoring failed: ${JSON.stringify(outcome)}`);
  return outcome;
}

/** Standings hold only the earlier event while the live passes run. */
const beforeFinal = () => expectedStandings([{ spec: earlier, picks: earlierPicks }]);
const afterFinal = (spec: EventSpec) =>
  expectedStandings([
    { spec: earlier, picks: earlierPicks },
    { spec, picks },
  ]);

/** Live passes write no player item: every prediction of the event still unscored. */
async function expectUnscored(spec: EventSpec) {
  for (const [u, p] of await fx.predictionsOf(spec))
    expect([u, p.points, p.correct, p.rank]).toEqual([u, null, null, null]);
}

/** A client that records the keys of every item written through it (successful requests only). */
function recordingClient(client: DynamoDBClient) {
  const written: string[] = [];
  const recorded = new Proxy(client, {
    get(target, name, receiver) {
      if (name !== 'send') return Reflect.get(target, name, receiver);
      return async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
        const out = (await target.send(command as never)) as unknown as Record<string, unknown>;
        const pk = (key: unknown) => String(fromAttributes(key as never)[TABLE.pk]);
        const input = command.input as {
          TransactItems?: { Update?: { Key: unknown }; Put?: { Item: unknown }; Delete?: { Key: unknown } }[];
          RequestItems?: Record<string, { PutRequest?: { Item: unknown }; DeleteRequest?: { Key: unknown } }[]>;
          Key?: unknown;
          Item?: unknown;
        };
        switch (command.constructor.name) {
          case 'TransactWriteItemsCommand':
            for (const t of input.TransactItems ?? []) written.push(pk(t.Update?.Key ?? t.Put?.Item ?? t.Delete?.Key));
            break;
          case 'BatchWriteItemCommand': {
            const left = new Set(Object.values((out.UnprocessedItems ?? {}) as Record<string, unknown[]>).flat());
            for (const r of Object.values(input.RequestItems ?? {}).flat())
              if (!left.has(r)) written.push(pk(r.PutRequest?.Item ?? r.DeleteRequest?.Key));
            break;
          }
          case 'PutItemCommand':
            written.push(pk(input.Item));
            break;
          case 'UpdateItemCommand':
          case 'DeleteItemCommand':
            written.push(pk(input.Key));
            break;
        }
        return out;
      };
    },
  });
  return { client: recorded, written };
}

async function setup() {
  await fx.event({ ...earlier, state: 'BROADCAST' });
  await fx.predictions(earlier, earlierPicks);
  await scorer.scoreEvent('e0');
  await fx.event(live(0));
  await fx.predictions(live(0), picks);
}

describe('provisional scoring of a BROADCAST event', () => {
  it('after each result equals a from-scratch computation over the results so far, writes no player item, and the final pass equals it too', async () => {
    await setup();
    for (let known = 0; known <= FINAL.length; known++) {
      if (known > 0) await fx.setResult('e1', FINAL[known - 1]);
      const outcome = succeeded(await scorer.scoreEvent('e1', { provisional: true }));
      expect(outcome.report, `after ${known} results`).toMatchObject({
        event: { state: 'BROADCAST' },
        predictionsScored: 5,
        standingsUpdated: 0,
        finished: true,
      });
      await expectEventBoard(fx, live(known), picks, { final: false });
      await expectUnscored(live(known));
      await expectSeason(fx, 2025, beforeFinal());
    }
    const final = succeeded(await scorer.scoreEvent('e1'));
    expect(final.report).toMatchObject({
      event: { state: 'SCORED' },
      predictionsScored: 5,
      standingsUpdated: 5,
      finished: true,
    });
    await expectEventBoard(fx, live(FINAL.length), picks, { final: true });
    await expectSeason(fx, 2025, afterFinal(live(FINAL.length)));
  });

  it("builds the board before any result (the pass of going BROADCAST), so that the first result's pass lists no entries", async () => {
    await setup();
    succeeded(await scorer.scoreEvent('e1', { provisional: true }));
    const { head, rows } = await fx.board(BOARD.eventScope('e1'));
    expect(head).toMatchObject({ rowCount: Object.keys(picks).length, final: false });
    expect(head!.cardRev ?? 0, 'built on no result: not shown (shownHead)').toBe(0);
    expect(shownHead(head)).toBeNull();
    expect(rows.map((r) => r[2])).toEqual(rows.map(() => 0));
    // Without the entries, a pass that listed the players from them would build an empty board.
    const entries = (await fx.scan()).filter((item) => item.type === ENTRY.type && item.eventId === 'e1');
    expect(entries).toHaveLength(Object.keys(picks).length);
    for (const entry of entries)
      await fx.client.send(
        new DeleteItemCommand({
          TableName: fx.tableName,
          Key: toAttributes({ ...keyOf(entry as unknown as ItemKey) }),
        }),
      );
    for (const known of [1, 2, 3]) {
      await fx.event(live(known));
      succeeded(await scorer.scoreEvent('e1', { provisional: true }));
      await expectEventBoard(fx, live(known), picks, { final: false });
    }
  });

  it('gives no points to anyone for a draw or a no contest, and counts them as no correct pick', async () => {
    await setup();
    for (const m of FINAL) await fx.setResult('e1', m.outcome ? m : NO_RESULT(m));
    await scorer.scoreEvent('e1', { provisional: true });
    const board = await fx.leaderboard('e1');
    expect(board.every((r) => r.points === 0 && r.correct === 0 && r.rank === 1)).toBe(true);
    expect(board).toHaveLength(Object.keys(picks).length);
  });

  it('follows a corrected and a cleared result from scratch', async () => {
    await setup();
    for (const m of FINAL.slice(0, 3)) await fx.setResult('e1', m);
    await scorer.scoreEvent('e1', { provisional: true });
    const corrected: EventSpec = {
      ...live(3),
      matches: live(3).matches.map((m) => (m.id === 'a' ? { ...m, result: 1 } : m.id === 'c' ? NO_RESULT(m) : m)),
    };
    await fx.setResult('e1', corrected.matches[0]);
    await fx.setResult('e1', corrected.matches[2]);
    await scorer.scoreEvent('e1', { provisional: true });
    await expectEventBoard(fx, corrected, picks, { final: false });
    await expectUnscored(corrected);
  });

  it('scored twice writes nothing the second time', async () => {
    await setup();
    await fx.setResult('e1', FINAL[0]);
    const once = succeeded(await scorer.scoreEvent('e1', { provisional: true }));
    expect(once.stats.writes).toBeGreaterThan(0);
    const again = succeeded(await scorer.scoreEvent('e1', { provisional: true }));
    expect(again.stats.writes).toBe(0);
    await expectEventBoard(fx, live(1), picks, { final: false });
  });

  it('reads a board whose chunks hold their rows as a list, as chunks written before the JSON text do', async () => {
    await setup();
    await fx.enterResult('e1', FINAL[0]);
    succeeded(await scorer.scoreEvent('e1', { provisional: true }));
    const scope = BOARD.eventScope('e1');
    const { head: before } = await fx.board(scope);
    expect(await fx.chunksAsLists(scope)).toBe(1);
    // The same result entered again: a newer revision on the same rows. The pass reads the listed rows and
    // keeps their set (the hash is of the rows, however stored): it writes the head alone.
    await fx.enterResult('e1', FINAL[0]);
    const again = succeeded(await scorer.scoreEvent('e1', { provisional: true }));
    expect(again.stats.writes).toBe(1);
    const { head: kept } = await fx.board(scope);
    expect([kept!.chunkSet, kept!.version]).toEqual([before!.chunkSet, before!.version + 1]);
    await expectEventBoard(fx, live(1), picks, { final: false });
    // The next result is scored from the listed rows.
    await fx.enterResult('e1', FINAL[1]);
    succeeded(await scorer.scoreEvent('e1', { provisional: true }));
    await expectEventBoard(fx, live(2), picks, { final: false });
  });

  it('converges on the latest results when passes overlap a result being entered', async () => {
    await setup();
    await fx.setResult('e1', FINAL[0]);
    const passes = [scorer.scoreEvent('e1', { provisional: true })];
    await fx.setResult('e1', FINAL[1]);
    await fx.setResult('e1', FINAL[2]);
    passes.push(scorer.scoreEvent('e1', { provisional: true }), scorer.scoreEvent('e1', { provisional: true }));
    for (const outcome of await Promise.all(passes)) expect(outcome.error).toBeUndefined();
    await expectEventBoard(fx, live(3), picks, { final: false });
  });

  it('converges when a live pass killed part-way is followed by the next one', async () => {
    await setup();
    for (const m of FINAL.slice(0, 2)) await fx.setResult('e1', m);
    for (const n of [0, 1, 2]) {
      const dying = createScorer({
        client: fx.client,
        tableName: fx.tableName,
        concurrency: 1,
        afterWrite: (w) => {
          if (w === n) throw new Error(`killed after ${n} writes`);
        },
      });
      await expect(dying.scoreEvent('e1', { provisional: true })).rejects.toThrow(/killed/);
    }
    await scorer.scoreEvent('e1', { provisional: true });
    await expectEventBoard(fx, live(2), picks, { final: false });
  });

  it('converges on the latest results when each result entered starts a pass at once', async () => {
    await setup();
    const small = createScorer({ client: fx.client, tableName: fx.tableName, concurrency: 2 });
    const passes: Promise<ScoringOutcome>[] = [];
    for (const m of FINAL) {
      await fx.setResult('e1', m);
      passes.push(small.scoreEvent('e1', { provisional: true }));
    }
    for (const outcome of await Promise.all(passes)) expect(outcome.error).toBeUndefined();
    await expectEventBoard(fx, live(FINAL.length), picks, { final: false });
    await expectSeason(fx, 2025, beforeFinal());
  });

  it('is refused on an event that is not BROADCAST; the final pass still needs every result; a live pass after it writes nothing', async () => {
    await setup();
    await fx.setState(live(0), 'UPCOMING');
    expect((await scorer.scoreEvent('e1', { provisional: true })).error?.type).toBe('InvalidStateTransition');
    await fx.setState(live(0), 'BROADCAST');
    await fx.setResult('e1', FINAL[0]);
    expect((await scorer.scoreEvent('e1')).error?.type).toBe('ResultsMissing');
    for (const m of FINAL) await fx.setResult('e1', m);
    await scorer.scoreEvent('e1');
    expect((await scorer.scoreEvent('e1', { provisional: true })).error?.type).toBe('InvalidStateTransition');
    // A live pass already running when the event was scored finds the final board and leaves it.
    await fx.setState(live(FINAL.length), 'BROADCAST');
    const late = succeeded(await scorer.scoreEvent('e1', { provisional: true }));
    expect(late.stats.writes).toBe(0);
    await expectEventBoard(fx, live(FINAL.length), picks, { final: true });
  });
});

describe('what a live pass writes', () => {
  // 250 players over three chunks. Match a (100 points): players 0-99 pick it right. Match b (1
  // point): players 200-249 pick it right. Match c (1 point): player 0 alone picks it right.
  const many: EventSpec = {
    id: 'big',
    date: '2025-05-01',
    state: 'BROADCAST',
    matches: [
      { id: 'a', points: 100, result: null },
      { id: 'b', points: 1, result: null },
      { id: 'c', points: 1, result: null },
    ],
  };
  const manyPicks: Picks = {};
  for (let i = 0; i < 250; i++)
    manyPicks[`p${String(i).padStart(3, '0')}`] = { a: i < 100 ? 0 : 1, b: i >= 200 ? 0 : 1, c: i === 0 ? 0 : 1 };
  const withResults = (n: number): EventSpec => ({
    ...many,
    matches: many.matches.map((m, i) => (i < n ? { ...m, result: 0 } : m)),
  });

  it('after one result: no player item, only the new chunk set (its record and chunks), the head, and the retired set of the version before last (their exact number)', async () => {
    await fx.event(many);
    await fx.predictions(many, manyPicks);
    const head = async () => (await fx.board(BOARD.eventScope('big'))).head as BoardHead;
    let counted = 0;
    const stop = onItemsWritten((n) => {
      counted += n;
    });
    try {
      const passWith = async (results: number) => {
        if (results > 0) await fx.setResult('big', withResults(results).matches[results - 1]);
        const rec = recordingClient(fx.client);
        counted = 0;
        const out = succeeded(
          await createScorer({ client: rec.client, tableName: fx.tableName }).scoreEvent('big', { provisional: true }),
        );
        await expectEventBoard(fx, withResults(results), manyPicks, { final: false });
        expect(
          rec.written.filter((pk) => pk.startsWith('USER#') || pk.startsWith('ENTRIES#')),
          'player items written',
        ).toEqual([]);
        expect(counted, 'onItemsWritten').toBe(rec.written.length);
        expect(out.stats.items).toBe(rec.written.length);
        return rec.written;
      };

      const records = BOARD.chunkSetKey(BOARD.eventScope('big'), 'any')[TABLE.pk];
      // No result: the set's record, three chunks (100, 100, 50), all rank 1, and the head.
      const first = await passWith(0);
      expect(first).toHaveLength(1 + 3 + 1);
      expect(first[0], 'the record before the chunks').toBe(records);
      const v1 = await head();
      expect(v1.previous).toBeNull();
      // a: chunk 0 = players 99..0 (100 points), chunks 1 and 2 = players 249..100 (0 points, rank 101):
      // a new chunk set (record and three chunks) and the head; the first set stays as the version before's.
      expect(await passWith(1)).toHaveLength(1 + 3 + 1);
      const v2 = await head();
      expect(v2.previous).toEqual({ chunkSet: v1.chunkSet, rowCount: 250 });
      expect(v2.chunkSet).not.toBe(v1.chunkSet);
      // b: a new set (record and three chunks), the head, and v1's set (the version before last) deleted,
      // its chunks then its record.
      const third = await passWith(2);
      const v3 = await head();
      expect(third.filter((pk) => pk.startsWith(`BOARD#${BOARD.eventScope('big')}#${v3.chunkSet}#`))).toHaveLength(3);
      expect(third.filter((pk) => pk.startsWith(`BOARD#${BOARD.eventScope('big')}#${v1.chunkSet}#`))).toHaveLength(3);
      expect(third.filter((pk) => pk === BOARD.eventScope('big'))).toHaveLength(1);
      expect(third.filter((pk) => pk === records)).toHaveLength(2);
      expect(third[third.length - 1], 'the retired record last').toBe(records);
      expect(third).toHaveLength(1 + 3 + 1 + 3 + 1);
      for (const key of chunkKeys(BOARD.eventScope('big'), v1.chunkSet, 250))
        expect(await fx.get(key), `retired ${key[TABLE.pk]}`).toBeUndefined();
      for (const set of [v3.chunkSet, v2.chunkSet]) {
        for (const key of chunkKeys(BOARD.eventScope('big'), set, 250))
          expect(await fx.get(key), `kept ${key[TABLE.pk]}`).toBeDefined();
      }
      // The same card again (a result set to what it was): nothing written.
      const again = succeeded(
        await createScorer({ client: fx.client, tableName: fx.tableName }).scoreEvent('big', { provisional: true }),
      );
      expect(again.stats.items).toBe(0);
    } finally {
      stop();
    }
  });
});
