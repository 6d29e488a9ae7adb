/**
 * No chunk set is left for ever: whatever point a pass dies at (between its chunks and its head, after
 * losing the head's condition, after its head but before deleting the set of the version before last),
 * the board's next replacement deletes what it left; a pass that loses the condition deletes its own
 * set; and a sweep never deletes a set that the head, the version before, or a pass that can still
 * replace the head names. Each board is checked by scanning the table for its chunks and set records.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { fromAttributes } from '../../amplify/functions/score-event/attributes.ts';
import { BOARD, type BoardHead } from '@pickem/domain/entities/board';
import { STANDING } from '@pickem/domain/entities/standing';
import { TABLE, type ItemKey } from '@pickem/domain/entities/table';
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

class Killed extends Error {}

// 150 players: boards of two chunks.
const MATCHES: MatchSpec[] = [
  { id: 'a', points: 10, result: 0 },
  { id: 'b', points: 3, result: 1 },
  { id: 'c', points: 5, result: 2 },
];
const picks: Picks = {};
for (let i = 0; i < 150; i++) picks[`u${String(i).padStart(3, '0')}`] = { a: i % 2, b: i % 3, c: i % 5 === 0 ? 2 : 1 };
const NO_RESULT = (m: MatchSpec): MatchSpec => ({ ...m, result: null });
/** The event with its first `known` results. */
const withResults = (known: number): EventSpec => ({
  id: 'e1',
  date: '2025-03-01',
  state: 'BROADCAST',
  matches: MATCHES.map((m, i) => (i < known ? m : NO_RESULT(m))),
});
const EVENT_SCOPE = BOARD.eventScope('e1');
const SEASON_SCOPE = BOARD.seasonScope(STANDING.seasonIdOf(2025)!);

interface Command {
  constructor: { name: string };
  input: { Item?: unknown; RequestItems?: Record<string, { PutRequest?: unknown; DeleteRequest?: unknown }[]> };
}

/** A client that awaits `before` with each command, before sending it (a throw there stops the caller). */
function hookedClient(client: DynamoDBClient, before: (command: Command) => Promise<void> | void) {
  return new Proxy(client, {
    get(target, name, receiver) {
      if (name !== 'send') return Reflect.get(target, name, receiver);
      return async (command: Command) => {
        await before(command);
        return target.send(command as never);
      };
    },
  });
}

/** Whether the command is the PutItem of a board head (of any scope when none given). */
function isHeadPut(command: Command, scope?: string): boolean {
  if (command.constructor.name !== 'PutItemCommand') return false;
  const key = fromAttributes(command.input.Item as never) as unknown as ItemKey;
  return BOARD.isHead(key) && (scope === undefined || key[TABLE.pk] === scope);
}

const isDeleteBatch = (command: Command) =>
  command.constructor.name === 'BatchWriteItemCommand' &&
  Object.values(command.input.RequestItems ?? {}).some((requests) => requests.some((r) => r.DeleteRequest));

/** The chunk sets a BatchWriteItem puts chunks of, on the board of `scope`. */
function chunkSetsPut(command: Command, scope: string): string[] {
  if (command.constructor.name !== 'BatchWriteItemCommand') return [];
  return Object.values(command.input.RequestItems ?? {})
    .flat()
    .flatMap((r) =>
      r.PutRequest
        ? [BOARD.chunkSetOf(scope, String(fromAttributes((r.PutRequest as { Item: never }).Item)[TABLE.pk]))]
        : [],
    )
    .filter((s): s is string => s !== null);
}

function succeeded(outcome: ScoringOutcome) {
  if (!('report' in outcome) || !outcome.report) throw new Error(`scoring failed: ${JSON.stringify(outcome)}`);
  return outcome;
}

async function headOf(scope: string): Promise<BoardHead> {
  const head = (await fx.board(scope)).head;
  if (!head) throw new Error(`no head for ${scope}`);
  return head;
}

/**
 * The board stores nothing but its head's chunk set and the version before's (each whole, a reader of
 * either finds every chunk), and the records of those sets.
 */
async function expectOnlyNamedSets(scope: string): Promise<BoardHead> {
  const head = await headOf(scope);
  const named = new Map([[head.chunkSet, head.rowCount]]);
  if (head.previous) named.set(head.previous.chunkSet, head.previous.rowCount);
  const stored = await fx.boardStorage(scope);
  const want = new Map([...named].map(([set, rows]) => [set, BOARD.chunkCount(rows)]));
  expect(Object.fromEntries(stored.chunks), `chunks stored for ${scope}`).toEqual(Object.fromEntries(want));
  expect(stored.records, `chunk set records of ${scope}`).toEqual([...named.keys()].sort());
  return head;
}

async function setup() {
  await fx.event(withResults(0));
  await fx.predictions(withResults(0), picks);
}

const live = (client: DynamoDBClient = fx.client) =>
  createScorer({ client, tableName: fx.tableName }).scoreEvent('e1', { provisional: true });

describe('a pass killed between its chunks and its head', () => {
  it('leaves a set that the next live pass deletes', async () => {
    await setup();
    await fx.enterResult('e1', MATCHES[0]);
    succeeded(await live());
    const v1 = await expectOnlyNamedSets(EVENT_SCOPE);

    await fx.enterResult('e1', MATCHES[1]);
    let own: string[] = [];
    const dying = hookedClient(fx.client, (command) => {
      own = [...own, ...chunkSetsPut(command, EVENT_SCOPE)];
      if (isHeadPut(command, EVENT_SCOPE)) throw new Killed('killed before its head');
    });
    await expect(live(dying)).rejects.toBeInstanceOf(Killed);
    const [dead] = new Set(own);
    expect(dead).toBeDefined();
    // It did die after its chunks: its whole set is stored, and no head names it.
    expect((await fx.boardStorage(EVENT_SCOPE)).chunks.get(dead)).toBe(2);
    expect((await headOf(EVENT_SCOPE)).version).toBe(v1.version);

    succeeded(await live());
    const v2 = await expectOnlyNamedSets(EVENT_SCOPE);
    expect(v2.version).toBe(v1.version + 1);
    expect((await fx.boardStorage(EVENT_SCOPE)).chunks.has(dead)).toBe(false);
    await expectEventBoard(fx, withResults(2), picks, { final: false });
  });

  it.each([
    ['the event board', EVENT_SCOPE],
    ['the season board', SEASON_SCOPE],
  ])('leaves a set of %s that the final pass run again deletes', async (_name, scope) => {
    await setup();
    for (const m of MATCHES) await fx.enterResult('e1', m);
    succeeded(await live());
    // A name changed since the live pass: the final rows differ, so the final pass writes a new set.
    await fx.profile('u000', 'Renamed');
    const dying = hookedClient(fx.client, (command) => {
      if (isHeadPut(command, scope)) throw new Killed(`killed before the head of ${scope}`);
    });
    await expect(createScorer({ client: dying, tableName: fx.tableName }).scoreEvent('e1')).rejects.toBeInstanceOf(
      Killed,
    );
    expect((await fx.boardStorage(scope)).chunks.size, 'the dead pass left a set').toBeGreaterThan(
      scope === EVENT_SCOPE ? 1 : 0,
    );
    succeeded(await scorer.scoreEvent('e1'));
    await expectOnlyNamedSets(EVENT_SCOPE);
    await expectOnlyNamedSets(SEASON_SCOPE);
    await expectEventBoard(fx, withResults(3), picks, { final: true });
    await expectSeason(fx, 2025, expectedStandings([{ spec: withResults(3), picks }]));
  });
});

describe('a pass that loses the head’s condition (superseded)', () => {
  /**
   * A live pass that has read the head meets a newer result's pass: that pass runs to completion just
   * before the first one's first write, so the first one's head condition fails and it stands down.
   * With `dieDeleting`, it is killed as it starts deleting its own set.
   */
  async function supersededPass(dieDeleting: boolean) {
    await setup();
    await fx.enterResult('e1', MATCHES[0]);
    succeeded(await live());
    await fx.enterResult('e1', MATCHES[1]);
    const own = new Set<string>();
    let raced = false;
    let lost = false;
    const loser = hookedClient(fx.client, async (command) => {
      const write =
        command.constructor.name === 'PutItemCommand' || command.constructor.name === 'BatchWriteItemCommand';
      if (write && !raced) {
        raced = true;
        await fx.enterResult('e1', MATCHES[2]);
        succeeded(await live());
      }
      for (const set of chunkSetsPut(command, EVENT_SCOPE)) own.add(set);
      if (isHeadPut(command, EVENT_SCOPE)) lost = true;
      if (lost && dieDeleting && isDeleteBatch(command)) throw new Killed('killed deleting its own set');
    });
    const outcome = live(loser);
    if (dieDeleting) await expect(outcome).rejects.toBeInstanceOf(Killed);
    else expect(succeeded(await outcome).superseded).toBe(true);
    expect(lost, 'it tried to replace the head').toBe(true);
    expect(own.size).toBe(1);
    return [...own][0];
  }

  it('deletes the set it wrote, and its record', async () => {
    const lost = await supersededPass(false);
    const stored = await fx.boardStorage(EVENT_SCOPE);
    expect(stored.chunks.has(lost)).toBe(false);
    expect(stored.records).not.toContain(lost);
    await expectOnlyNamedSets(EVENT_SCOPE);
    await expectEventBoard(fx, withResults(3), picks, { final: false });
  });

  it('killed before deleting it, leaves a set that the next pass deletes', async () => {
    const lost = await supersededPass(true);
    expect((await fx.boardStorage(EVENT_SCOPE)).chunks.get(lost), 'the dead pass left its set').toBe(2);
    // The next replacement of the head: the final pass.
    succeeded(await scorer.scoreEvent('e1'));
    const stored = await fx.boardStorage(EVENT_SCOPE);
    expect(stored.chunks.has(lost)).toBe(false);
    await expectOnlyNamedSets(EVENT_SCOPE);
    await expectEventBoard(fx, withResults(3), picks, { final: true });
  });
});

describe('a pass killed after its head', () => {
  it('before deleting the set of the version before last: the next pass deletes it', async () => {
    await setup();
    succeeded(await live());
    const v1 = await headOf(EVENT_SCOPE);
    await fx.enterResult('e1', MATCHES[0]);
    succeeded(await live());
    await fx.enterResult('e1', MATCHES[1]);
    let headWritten = false;
    const dying = hookedClient(fx.client, (command) => {
      if (isHeadPut(command, EVENT_SCOPE)) headWritten = true;
      else if (headWritten && isDeleteBatch(command)) throw new Killed('killed before deleting the retired set');
    });
    await expect(live(dying)).rejects.toBeInstanceOf(Killed);
    const v3 = await headOf(EVENT_SCOPE);
    expect(v3.version).toBe(3);
    expect((await fx.boardStorage(EVENT_SCOPE)).chunks.get(v1.chunkSet), 'v1 was not deleted').toBe(2);

    await fx.enterResult('e1', MATCHES[2]);
    succeeded(await live());
    const v4 = await expectOnlyNamedSets(EVENT_SCOPE);
    expect(v4.previous?.chunkSet).toBe(v3.chunkSet);
    await expectEventBoard(fx, withResults(3), picks, { final: false });
  });
});

describe('a sweep', () => {
  it('keeps the set of a pass that read the new head and has yet to write its own', async () => {
    await setup();
    await fx.enterResult('e1', MATCHES[0]);
    succeeded(await live());
    await fx.enterResult('e1', MATCHES[1]);

    // The sweeper replaces the head; just before its sweep reads the records, another pass reads the
    // new head, writes its set and waits at its head PutItem until the sweep is over.
    let reached!: () => void;
    const atHead = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const waiting = hookedClient(fx.client, async (command) => {
      if (isHeadPut(command, EVENT_SCOPE)) {
        reached();
        await released;
      }
    });
    let other: Promise<ScoringOutcome> | null = null;
    let sweeperHead = false;
    const sweeper = hookedClient(fx.client, async (command) => {
      if (isHeadPut(command, EVENT_SCOPE)) sweeperHead = true;
      else if (sweeperHead && other === null && command.constructor.name === 'QueryCommand') {
        await fx.enterResult('e1', MATCHES[2]);
        other = live(waiting);
        await atHead;
      }
    });
    await live(sweeper);
    expect(other).not.toBeNull();
    release();
    const out = succeeded(await other!);
    expect(out.superseded).toBeUndefined();
    const head = await expectOnlyNamedSets(EVENT_SCOPE);
    expect(head.version).toBe(3);
    await expectEventBoard(fx, withResults(3), picks, { final: false });
    // The version before (the sweeper's) is still whole for its readers.
    expect(head.previous).not.toBeNull();
  });
});
