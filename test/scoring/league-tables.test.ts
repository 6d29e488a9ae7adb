/**
 * The league tables the final pass refreshes (amplify/functions/score-event/league-tables.ts) equal a
 * computation from scratch: after scoring, after a re-score of a corrected result, with members
 * joining and leaving between passes, and after a pass killed anywhere then run again. Leagues are
 * written here as createLeague and joinLeague write them (the table from each member's standing,
 * listed under its season); a join holds the standing's revision it read, as joinLeague does.
 */
import { DeleteItemCommand, TransactWriteItemsCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { localDynamoDbEnvironment } from 'appsync-local';
import { createTestTable, dynamoEndpoint } from 'appsync-local/testing';
import { repoRoot, stateDir } from '../../project.ts';
import {
  LEAGUE,
  LEAGUE_TABLE,
  MEMBER,
  SEASON_LEAGUE,
  type LeagueItem,
  type LeagueTable,
} from '@pickem/domain/entities/league';
import { STANDING } from '@pickem/domain/entities/standing';
import { EVENT } from '@pickem/domain/entities/event';
import { toAttributes } from '../../amplify/functions/score-event/attributes.ts';
import { backfillLeagueTable, refreshLeagueTables } from '../../amplify/functions/score-event/league-tables.ts';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { createStore, isConditionFailure, type Store } from '../../amplify/functions/score-event/store.ts';
import { Fixture, expectedStandings, type EventSpec, type Picks } from './fixtures.ts';

const earlier: EventSpec = { id: 'e0', date: '2025-02-01', matches: [{ id: 'p', points: 4, result: 1 }] };
const event: EventSpec = {
  id: 'e1',
  date: '2025-03-01',
  matches: [
    { id: 'a', points: 10, result: 0 },
    { id: 'b', points: 3, result: 1 },
    { id: 'c', points: 3, result: 1 },
  ],
};
const corrected: EventSpec = {
  ...event,
  matches: [event.matches[0], { id: 'b', points: 3, result: 0 }, event.matches[2]],
};
const other: EventSpec = { id: 'e2', date: '2024-05-01', matches: [{ id: 'q', points: 5, result: 0 }] };
const earlierPicks: Picks = { u1: { p: 1 }, u2: { p: 0 }, u9: { p: 1 }, u8: { p: 1 } };
const picks: Picks = {};
for (let i = 0; i < 12; i++) picks[`u${i}`] = { a: i % 2, b: i % 3 === 0 ? 1 : 0, c: i % 4 === 0 ? 1 : 2 };

class Killed extends Error {}

/** The leagues of a test: id → season. */
const LEAGUES = { L1: '2025', L2: '2025', L3: '2024' } as const;

async function setup() {
  const { client, tableName } = await createTestTable();
  const fx = new Fixture(client, tableName);
  await fx.event(earlier);
  await fx.predictions(earlier, earlierPicks);
  await fx.event(event);
  await fx.predictions(event, picks);
  await fx.event(other);
  await fx.predictions(other, { u0: { q: 0 } });
  await createScorer({ client, tableName }).scoreEvent('e0');
  await createScorer({ client, tableName }).scoreEvent('e2');
  // x1 never plays: a member with no standing.
  await createLeague(fx, 'L1', LEAGUES.L1, ['u0', 'u1', 'u2', 'u9', 'x1']);
  await createLeague(fx, 'L2', LEAGUES.L2, ['u3', 'u4', 'u5', 'u8']);
  await createLeague(fx, 'L3', LEAGUES.L3, ['u0', 'u1']);
  return { fx, client, tableName };
}

/** A league as createLeague then joinLeague leave it: each member's entry from their standing now, listed under its season. */
async function createLeague(fx: Fixture, id: string, seasonId: string, members: string[]) {
  const table: LeagueTable = {};
  for (const userId of members)
    table[userId] = LEAGUE_TABLE.entryOf(
      (await fx.get(STANDING.key(userId, seasonId)!)) as Parameters<typeof LEAGUE_TABLE.entryOf>[0],
    );
  const league: LeagueItem = {
    id,
    name: id,
    seasonId,
    commissionerId: members[0],
    memberCount: members.length,
    joinsOpen: true,
    inviteCode: `CODE${id}`,
    createdAt: '2025-01-01T00:00:00.000Z',
    table,
    tableVersion: 1,
  };
  await fx.put(LEAGUE.item(league));
  await fx.put({ ...SEASON_LEAGUE.key(seasonId, id), ...SEASON_LEAGUE.attributes(seasonId, id) });
  for (const userId of members) await fx.put(memberItem(id, userId));
}

const memberItem = (leagueId: string, userId: string) =>
  MEMBER.item({ leagueId, userId, displayName: userId, joinedAt: '2025-01-01T00:00:00.000Z' });

/** The user ids of a league's MEMBER# items, sorted. */
async function memberIds(fx: Fixture, leagueId: string): Promise<string[]> {
  const store = createStore({ client: fx.client, tableName: fx.tableName, concurrency: 1 });
  const items = await store.query(LEAGUE.withMembers(leagueId));
  return items
    .filter((item) => !LEAGUE.is(item as never))
    .map((item) => item.userId as string)
    .sort();
}

/**
 * joinLeague's writes to the league's partition: the member item, and the league item's entry from the
 * standing read earlier (`read`), the version raised, with a check that the standing's revision is
 * still the one read.
 */
async function join(
  fx: Fixture,
  leagueId: string,
  userId: string,
  read?: { standing: Record<string, unknown> | undefined },
) {
  const seasonId = LEAGUES[leagueId as keyof typeof LEAGUES];
  const key = STANDING.key(userId, seasonId)!;
  const standing = read ? read.standing : await fx.get(key);
  await fx.client.send(
    new TransactWriteItemsCommand({
      TransactItems: [
        { Put: { TableName: fx.tableName, Item: toAttributes(memberItem(leagueId, userId)) } },
        {
          Update: {
            TableName: fx.tableName,
            Key: toAttributes({ ...LEAGUE.key(leagueId) }),
            UpdateExpression: 'SET #count = #count + :one, #v = #v + :one, #t.#u = :entry',
            ExpressionAttributeNames: { '#count': 'memberCount', '#v': 'tableVersion', '#t': 'table', '#u': userId },
            ExpressionAttributeValues: toAttributes({
              ':one': 1,
              ':entry': LEAGUE_TABLE.entryOf(standing as Parameters<typeof LEAGUE_TABLE.entryOf>[0]),
            }),
          },
        },
        {
          ConditionCheck: {
            TableName: fx.tableName,
            Key: toAttributes({ ...key }),
            ConditionExpression: standing ? '#rev = :rev' : 'attribute_not_exists(#rev)',
            ExpressionAttributeNames: { '#rev': 'rev' },
            ExpressionAttributeValues: standing ? toAttributes({ ':rev': standing.rev }) : undefined,
          },
        },
      ],
    }),
  );
}

/** leaveLeague's writes to the league's partition: the member item deleted, the entry removed, the version raised. */
async function leave(fx: Fixture, leagueId: string, userId: string) {
  await fx.client.send(
    new TransactWriteItemsCommand({
      TransactItems: [
        { Delete: { TableName: fx.tableName, Key: toAttributes({ ...MEMBER.key(leagueId, userId) }) } },
        {
          Update: {
            TableName: fx.tableName,
            Key: toAttributes({ ...LEAGUE.key(leagueId) }),
            UpdateExpression: 'SET #count = #count - :one, #v = #v + :one REMOVE #t.#u',
            ExpressionAttributeNames: { '#count': 'memberCount', '#v': 'tableVersion', '#t': 'table', '#u': userId },
            ExpressionAttributeValues: toAttributes({ ':one': 1 }),
          },
        },
      ],
    }),
  );
}

/** A league from before tables (no table, not listed) with its member items. */
async function legacyLeague(fx: Fixture, id: string, members: string[]) {
  const legacy = LEAGUE.item({
    id,
    name: id,
    seasonId: '2025',
    commissionerId: members[0],
    memberCount: members.length,
    joinsOpen: true,
    inviteCode: `CODE${id}`,
    createdAt: '2024-01-01T00:00:00.000Z',
  });
  await fx.put(legacy);
  for (const userId of members) await fx.put(memberItem(id, userId));
  return legacy;
}

async function storedTable(fx: Fixture, leagueId: string) {
  return ((await fx.get(LEAGUE.key(leagueId))) as unknown as LeagueItem).table!;
}

/**
 * Each league's stored table against its members' standings computed from scratch (points, correct,
 * events played; zeros for a member who has not played), each entry's revision against the stored
 * standing's, and its entries against the league's MEMBER# items (none missing, none extra).
 */
async function expectTables(fx: Fixture, events: { spec: EventSpec; picks: Picks }[]) {
  const want2025 = new Map(expectedStandings(events).map((s) => [s.userId, s]));
  const want2024 = new Map(expectedStandings([{ spec: other, picks: { u0: { q: 0 } } }]).map((s) => [s.userId, s]));
  for (const [leagueId, seasonId] of Object.entries(LEAGUES)) {
    const table = await storedTable(fx, leagueId);
    const want = seasonId === '2025' ? want2025 : want2024;
    expect(Object.keys(table).sort(), `${leagueId} entries`).toEqual(await memberIds(fx, leagueId));
    for (const [userId, entry] of Object.entries(table)) {
      const scratch = want.get(userId);
      expect(
        { points: entry.points, correct: entry.correct, eventsPlayed: entry.eventsPlayed },
        `${leagueId} ${userId}`,
      ).toEqual({
        points: scratch?.points ?? 0,
        correct: scratch?.correct ?? 0,
        eventsPlayed: scratch?.eventsPlayed ?? 0,
      });
      const standing = await fx.get(STANDING.key(userId, seasonId)!);
      expect(entry.rev, `${leagueId} ${userId} revision`).toBe((standing?.rev as number | undefined) ?? 0);
    }
  }
}

const scored = [
  { spec: earlier, picks: earlierPicks },
  { spec: event, picks },
];

describe("a final pass refreshes its seasons' league tables", () => {
  it('equal to the standings from scratch after scoring and after a re-score; other seasons untouched; written league by league', async () => {
    const { fx, client, tableName } = await setup();
    const l3 = await fx.get(LEAGUE.key('L3'));
    const scorer = createScorer({ client, tableName });
    const first = await scorer.scoreEvent('e1');
    if (!('stats' in first)) throw new Error(JSON.stringify(first));
    await expectTables(fx, scored);
    // The 2024 league holds no player of the pass: not written.
    expect(await fx.get(LEAGUE.key('L3'))).toEqual(l3);
    const version = ((await fx.get(LEAGUE.key('L1'))) as unknown as LeagueItem).tableVersion;
    expect(version).toBe(2);

    // Scoring again changes nothing: no league written.
    await scorer.scoreEvent('e1');
    expect(((await fx.get(LEAGUE.key('L1'))) as unknown as LeagueItem).tableVersion).toBe(version);

    await fx.setResult('e1', corrected.matches[1]);
    await scorer.scoreEvent('e1');
    await expectTables(fx, [
      { spec: earlier, picks: earlierPicks },
      { spec: corrected, picks },
    ]);
  });

  it('keeps up with members joining and leaving between passes, and a join that read a standing the pass rewrote fails', async () => {
    const { fx, client, tableName } = await setup();
    const scorer = createScorer({ client, tableName });
    const before = await fx.get(STANDING.key('u10', '2025')!);
    expect(before).toBeUndefined();
    await join(fx, 'L2', 'u6');
    await leave(fx, 'L1', 'u9');
    const u11Read = await fx.get(STANDING.key('u11', '2025')!);
    await scorer.scoreEvent('e1');
    // u11's standing was absent when read; the pass wrote one: the join must not land.
    const failed = await join(fx, 'L1', 'u11', { standing: u11Read }).catch((err: unknown) => err);
    expect(isConditionFailure(failed)).toBe(true);
    expect(Object.keys(await storedTable(fx, 'L1')).sort()).toEqual(['u0', 'u1', 'u2', 'x1']);
    await join(fx, 'L1', 'u11');
    await join(fx, 'L1', 'u9');
    await leave(fx, 'L2', 'u3');
    await expectTables(fx, scored);

    await fx.setResult('e1', corrected.matches[1]);
    await scorer.scoreEvent('e1');
    expect(Object.keys(await storedTable(fx, 'L1')).sort()).toEqual(['u0', 'u1', 'u11', 'u2', 'u9', 'x1']);
    expect(Object.keys(await storedTable(fx, 'L2')).sort()).toEqual(['u4', 'u5', 'u6', 'u8']);
    await expectTables(fx, [
      { spec: earlier, picks: earlierPicks },
      { spec: corrected, picks },
    ]);
  });

  it('converges when a pass is killed anywhere (a member joining before the rerun) and run again', async () => {
    const clean = await setup();
    const full = await createScorer({ client: clean.client, tableName: clean.tableName, concurrency: 1 }).scoreEvent(
      'e1',
    );
    if (!('stats' in full)) throw new Error(JSON.stringify(full));
    const total = full.stats.writes;
    for (const n of new Set([0, 1, Math.floor(total / 2), total - 3, total - 2, total - 1])) {
      const { fx, client, tableName } = await setup();
      const dying = createScorer({
        client,
        tableName,
        concurrency: 1,
        playersPerTransaction: 3,
        afterWrite: (w) => {
          if (w === n) throw new Killed(`killed after ${n} writes`);
        },
      });
      await expect(dying.scoreEvent('e1')).rejects.toBeInstanceOf(Killed);
      await join(fx, 'L2', 'u7');
      await createScorer({ client, tableName }).scoreEvent('e1');
      await expectTables(fx, scored);
    }
  });

  it('past its deadline the pass starts no league write and answers unfinished; the run that finishes it refreshes them', async () => {
    const clean = await setup();
    const full = await createScorer({ client: clean.client, tableName: clean.tableName, concurrency: 1 }).scoreEvent(
      'e1',
    );
    if (!('stats' in full)) throw new Error(JSON.stringify(full));
    // The last writes of a pass: the boards', then for each league of 2025 (L1, L2) its table and its
    // belt (the event's result, the reigns, the SYSTEM message and the result marked told), then the event SCORED.
    const lastBoardWrite = full.stats.writes - 1 - 2 * (1 + 4);
    const { fx, client, tableName } = await setup();
    let late = false;
    const out = await createScorer({
      client,
      tableName,
      concurrency: 1,
      deadlineMs: 1000,
      now: () => (late ? 10_000 : 0),
      afterWrite: (w) => {
        if (w === lastBoardWrite) late = true;
      },
    }).scoreEvent('e1');
    if (!('report' in out)) throw new Error(JSON.stringify(out));
    expect(out.report.finished).toBe(false);
    for (const id of ['L1', 'L2'])
      expect(((await fx.get(LEAGUE.key(id))) as unknown as LeagueItem).tableVersion, id).toBe(1);
    expect((await fx.get(EVENT.key('e1')))?.state).toBe('BROADCAST');
    await createScorer({ client, tableName }).scoreEvent('e1');
    await expectTables(fx, scored);
    expect((await fx.get(EVENT.key('e1')))?.state).toBe('SCORED');
  });

  it("reads a season's leagues 100 at a time, with the deadline checked before each batch", async () => {
    const { fx, client, tableName } = await setup();
    // 150 leagues listed in 2025: L1, L2 and 148 listings (of leagues with no item: read, not written).
    const extra = Array.from({ length: 148 }, (_, i) => `X${String(i).padStart(3, '0')}`);
    await fx.putAll(extra.map((id) => ({ ...SEASON_LEAGUE.key('2025', id), ...SEASON_LEAGUE.attributes('2025', id) })));
    const store = createStore({ client, tableName, concurrency: 2 });
    const reads: number[] = [];
    const counting: Store = {
      ...store,
      batchGet: (keys) => {
        reads.push(keys.length);
        return store.batchGet(keys);
      },
    };
    const u0 = { displayName: 'u0', points: 99, correct: 9, eventsPlayed: 9, rev: 99 };
    const settled = new Map([['u0', { standings: new Map([['2025', u0]]), wroteStanding: true }]]);
    // Past the deadline once the first batch is read: no second batch read, unfinished.
    expect(await refreshLeagueTables(counting, ['2025'], settled, () => reads.length > 0)).toBe(false);
    expect(reads).toEqual([100]);
    reads.length = 0;
    expect(await refreshLeagueTables(counting, ['2025'], settled)).toBe(true);
    expect(reads).toEqual([100, 50]);
    expect((await storedTable(fx, 'L1')).u0).toEqual({ points: 99, correct: 9, eventsPlayed: 9, rev: 99 });
  });

  it('the backfill gives a league from before tables its table and listing; the next pass refreshes it', async () => {
    const { fx, client, tableName } = await setup();
    const legacy = await legacyLeague(fx, 'OLD', ['u1', 'u2', 'x2']);
    await createScorer({ client, tableName }).scoreEvent('e1');
    // Not listed, no table: the pass leaves it alone.
    expect(await fx.get(LEAGUE.key('OLD'))).toEqual(legacy);
    // The script, as an operator runs it, on this table.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/league-tables-backfill.ts'], {
      env: { ...process.env, TABLE_NAME: tableName, ...localDynamoDbEnvironment(dynamoEndpoint(), stateDir) },
      encoding: 'utf8',
      cwd: repoRoot,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('4 leagues: 1 tables written');
    const store = createStore({ client, tableName, concurrency: 2 });
    expect(await backfillLeagueTable(store, 'OLD')).toBe(false);
    expect(await fx.get(SEASON_LEAGUE.key('2025', 'OLD'))).toBeDefined();
    const want = new Map(expectedStandings(scored).map((s) => [s.userId, s]));
    const table = await storedTable(fx, 'OLD');
    expect(Object.keys(table).sort()).toEqual(['u1', 'u2', 'x2']);
    expect(await memberIds(fx, 'OLD')).toEqual(['u1', 'u2', 'x2']);
    for (const userId of ['u1', 'u2'])
      expect(table[userId]).toMatchObject({ points: want.get(userId)!.points, eventsPlayed: 2 });
    expect(table.x2).toEqual({ points: 0, correct: 0, eventsPlayed: 0, rev: 0 });
    await fx.setResult('e1', corrected.matches[1]);
    await createScorer({ client, tableName }).scoreEvent('e1');
    const after = await storedTable(fx, 'OLD');
    const rescored = new Map(
      expectedStandings([
        { spec: earlier, picks: earlierPicks },
        { spec: corrected, picks },
      ]).map((s) => [s.userId, s]),
    );
    for (const userId of ['u1', 'u2']) expect(after[userId].points).toBe(rescored.get(userId)!.points);
  });

  it('the backfill writes nothing it read before a change: a standing rewritten or written, a member swapped, the league deleted', async () => {
    const { fx, client, tableName } = await setup();
    await createScorer({ client, tableName }).scoreEvent('e1');
    const store = createStore({ client, tableName, concurrency: 2 });
    let transactions = 0;
    /** The store with `change` made once, just before the backfill's first transaction (after its reads). */
    const racing = (change: () => Promise<unknown>): Store => {
      let pending = true;
      return {
        ...store,
        transact: async (items, estimate) => {
          transactions += 1;
          if (pending) {
            pending = false;
            await change();
          }
          return store.transact(items, estimate);
        },
      };
    };
    const entryOf = async (userId: string) =>
      LEAGUE_TABLE.entryOf((await fx.get(STANDING.key(userId, '2025')!)) as Parameters<typeof LEAGUE_TABLE.entryOf>[0]);

    // A final pass rewrites u1's standing (rev r to r + 1) after the backfill read it, skipping the league (no table yet).
    await legacyLeague(fx, 'OLD1', ['u1', 'u2', 'x2']);
    const u1 = await entryOf('u1');
    transactions = 0;
    const rewrite = () =>
      fx.client.send(
        new UpdateItemCommand({
          TableName: tableName,
          Key: toAttributes({ ...STANDING.key('u1', '2025')! }),
          UpdateExpression: 'SET #points = #points + :one, #rev = #rev + :one',
          ExpressionAttributeNames: { '#points': 'points', '#rev': 'rev' },
          ExpressionAttributeValues: toAttributes({ ':one': 1 }),
        }),
      );
    expect(await backfillLeagueTable(racing(rewrite), 'OLD1')).toBe(true);
    expect(transactions, 'the first transaction was refused').toBe(2);
    expect((await storedTable(fx, 'OLD1')).u1).toEqual({ ...u1, points: u1.points + 1, rev: u1.rev + 1 });

    // A pass writes x3's first standing after the backfill read none.
    await legacyLeague(fx, 'OLD2', ['u2', 'x3']);
    transactions = 0;
    const first = () =>
      fx.put({
        ...STANDING.key('x3', '2025')!,
        ...STANDING.attributes('2025', 'x3', 'x3', { points: 7, correct: 2, eventsPlayed: 1 }, 1)!,
      });
    expect(await backfillLeagueTable(racing(first), 'OLD2')).toBe(true);
    expect(transactions, 'the first transaction was refused').toBe(2);
    expect((await storedTable(fx, 'OLD2')).x3).toEqual({ points: 7, correct: 2, eventsPlayed: 1, rev: 1 });

    // x2 leaves and u3 joins after the backfill read the members: the count is the same, the set is not.
    await legacyLeague(fx, 'OLD3', ['u1', 'u2', 'x2']);
    transactions = 0;
    const swap = async () => {
      await fx.client.send(
        new DeleteItemCommand({ TableName: tableName, Key: toAttributes({ ...MEMBER.key('OLD3', 'x2') }) }),
      );
      await fx.put(memberItem('OLD3', 'u3'));
    };
    expect(await backfillLeagueTable(racing(swap), 'OLD3')).toBe(true);
    expect(transactions, 'the first transaction was refused').toBe(2);
    const swapped = await storedTable(fx, 'OLD3');
    expect(Object.keys(swapped).sort()).toEqual(['u1', 'u2', 'u3']);
    expect(swapped.u3).toEqual(await entryOf('u3'));

    // The league is deleted after the backfill read it: no table, and no listing of a league that is gone.
    await legacyLeague(fx, 'OLD4', ['u1', 'u2']);
    transactions = 0;
    const remove = () =>
      Promise.all(
        [LEAGUE.key('OLD4'), MEMBER.key('OLD4', 'u1'), MEMBER.key('OLD4', 'u2')].map((key) =>
          fx.client.send(new DeleteItemCommand({ TableName: tableName, Key: toAttributes({ ...key }) })),
        ),
      );
    expect(await backfillLeagueTable(racing(remove), 'OLD4')).toBe(false);
    expect(transactions, 'the first transaction was refused').toBe(1);
    expect(await fx.get(LEAGUE.key('OLD4'))).toBeUndefined();
    expect(await fx.get(SEASON_LEAGUE.key('2025', 'OLD4'))).toBeUndefined();
  });
});
