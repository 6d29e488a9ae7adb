/**
 * The league tables (domain/entities/league.ts, LEAGUE_TABLE) of the event's seasons, refreshed by a
 * final pass once its players' standings are written: league by league, never player by player. A
 * season's leagues are listed from SEASON_LEAGUE (strongly consistent, every page), their items read
 * in batches, and each table whose members include a player of the pass gets that player's standing
 * as the pass settled it, when its revision is at least the entry's (a newer pass's entry is kept).
 * The changed entries are written each on its own path, on the condition of that entry alone (still
 * there, at a revision no newer): a join, leave or removal of another member in between does not fail
 * it, so membership churn cannot hold a pass back (refreshLeague). Absolute values, so a rerun, or a
 * pass killed and run again, converges. A league without a table (from before tables) is left to the
 * backfill.
 */
import type { TransactWriteItem, Update } from '@aws-sdk/client-dynamodb';
import {
  LEAGUE,
  LEAGUE_TABLE,
  MEMBER,
  SEASON_LEAGUE,
  type LeagueItem,
  type LeagueTable,
  type LeagueTableEntry,
} from '@pickem/domain/entities/league';
import { TABLE } from '@pickem/domain/entities/table';
import { MAX_BATCH_GET_KEYS } from '@pickem/domain/limits';
import { toAttributes, type Item } from './attributes.ts';
import { conditionCheckUnits, transactionalWriteUnits } from './capacity.ts';
import { Expression, conditionCheck, setUpdate } from './expressions.ts';
import { seasonFigures, type Settled, type StandingRow } from './player.ts';
import { forEachBounded } from './pool.ts';
import { standingKey } from './standings.ts';
import { backoff, sleep } from './retry.ts';
import { refreshBelt, type BeltScoring } from './belt.ts';
import { isConditionFailure, keyId, type Store } from './store.ts';

const MAX_ATTEMPTS = 6;

/** The entries of `table` that `figures` make newer (an entry at a higher revision, a newer pass's, is kept). */
export function newerEntries(table: LeagueTable, figures: Map<string, StandingRow>): Map<string, LeagueTableEntry> {
  const out = new Map<string, LeagueTableEntry>();
  for (const [userId, entry] of Object.entries(table)) {
    const row = figures.get(userId);
    if (!row) continue;
    const fresh = LEAGUE_TABLE.entryOf(row);
    const newer =
      fresh.rev >= entry.rev &&
      (fresh.rev !== entry.rev ||
        fresh.points !== entry.points ||
        fresh.correct !== entry.correct ||
        fresh.eventsPlayed !== entry.eventsPlayed);
    if (newer) out.set(userId, fresh);
  }
  return out;
}

/**
 * One UpdateItem that sets each entry on its own path and raises the version, on the condition that
 * each entry is still there at a revision no newer than the one written: a member who left (or whose
 * entry a newer pass wrote) fails it, a change to any other member does not.
 */
function entriesUpdate(tableName: string, leagueId: string, entries: Map<string, LeagueTableEntry>): Update {
  const e = new Expression();
  const table = e.name(LEAGUE_TABLE.attribute);
  const rev = e.name('rev');
  const version = e.name(LEAGUE_TABLE.versionAttribute);
  const sets = [`${version} = ${version} + ${e.value(1)}`];
  const conditions: string[] = [];
  for (const [userId, entry] of entries) {
    const path = `${table}.${e.name(userId)}`;
    sets.push(`${path} = ${e.value(entry)}`);
    conditions.push(`${path}.${rev} <= ${e.value(entry.rev)}`);
  }
  return {
    TableName: tableName,
    Key: toAttributes({ ...LEAGUE.key(leagueId) }),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: e.names,
    ExpressionAttributeValues: toAttributes(e.values),
  };
}

/** Writes `entries`; false when a condition failed (a member left, a newer entry, the league deleted). */
async function writeEntries(store: Store, leagueId: string, entries: Map<string, LeagueTableEntry>): Promise<boolean> {
  try {
    await store.update(entriesUpdate(store.tableName, leagueId, entries));
    return true;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return false;
  }
}

/**
 * Lays `figures` over the league's table. Whole-league writes, each on its own entries only, so joins
 * and leaves of other members never fail it; after MAX_ATTEMPTS lost to leaves of its own members,
 * one write per entry, each settled by its first answer (a failed condition means that member left or
 * holds a newer entry): so the refresh ends under any churn, in at most MAX_ATTEMPTS + 30 writes.
 */
async function refreshLeague(
  store: Store,
  leagueId: string,
  read: LeagueItem | undefined,
  figures: Map<string, StandingRow>,
): Promise<void> {
  let league = read;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (attempt > 0) league = (await store.get(LEAGUE.key(leagueId))) as LeagueItem | undefined;
    if (!league || league.table === undefined || league.tableVersion === undefined) return;
    const entries = newerEntries(league.table, figures);
    if (entries.size === 0) return;
    if (await writeEntries(store, leagueId, entries)) return;
  }
  league = (await store.get(LEAGUE.key(leagueId))) as LeagueItem | undefined;
  if (!league || league.table === undefined || league.tableVersion === undefined) return;
  const entries = [...newerEntries(league.table, figures)];
  await forEachBounded(entries, store.concurrency, async ([userId, entry]) => {
    await writeEntries(store, leagueId, new Map([[userId, entry]]));
  });
}

/**
 * Every league of the seasons, refreshed with the standings the pass settled, and its belt with the
 * event (`belt`: the event and the card revision scored; belt.ts). Past the deadline no new
 * league is started and the answer is false (unfinished: the run that finishes the pass refreshes the rest).
 */
export async function refreshLeagueTables(
  store: Store,
  seasons: string[],
  settled: Map<string, Settled>,
  pastDeadline: () => boolean = () => false,
  belt?: BeltScoring,
): Promise<boolean> {
  let finished = true;
  for (const seasonId of seasons) {
    if (!finished) break;
    const figures = seasonFigures(settled, seasonId);
    if (figures.size === 0) continue;
    const ids = (await store.query(SEASON_LEAGUE.ofSeason(seasonId))).map((item: Item) => item.leagueId as string);
    // A BatchGetItem's worth of leagues at a time, so that a pass past its deadline reads no more of them.
    for (let i = 0; i < ids.length && finished; i += MAX_BATCH_GET_KEYS) {
      if (pastDeadline()) {
        finished = false;
        break;
      }
      const chunk = ids.slice(i, i + MAX_BATCH_GET_KEYS);
      const leagues = await store.batchGet(chunk.map((id) => LEAGUE.key(id)));
      await forEachBounded(chunk, store.concurrency, async (id) => {
        if (pastDeadline()) {
          finished = false;
          return;
        }
        const league = leagues.get(keyId(LEAGUE.key(id))) as LeagueItem | undefined;
        await refreshLeague(store, id, league, figures);
        if (belt && league?.table) await refreshBelt(store, id, Object.keys(league.table), belt, settled);
      });
    }
  }
  return finished;
}

/**
 * A league from before tables given its table (from its members' standings, strongly consistent) and
 * its season's listing of it (scripts/league-tables-backfill.ts), in one transaction that holds what
 * was read: the league updated on the condition that it still has no table and still counts the
 * members read (it fails on a deleted league), a ConditionCheck that each member item read still
 * exists (with the count, the member set is the one read: a leave and a join in between fail it), one
 * that each member's standing still has the revision read, or is still absent (a final pass that
 * rewrote it in between skipped this league, which had no table, so the entry must be read again),
 * and the listing. At most 1 + 30 + 30 + 1 entries (LEAGUE_LIMIT.membersPerLeague), within 100. A
 * failed condition reads the league again (bounded). False when the league is gone or already has its
 * table (written by createLeague or an earlier backfill with its listing). Safe to run again at any time.
 */
export async function backfillLeagueTable(store: Store, leagueId: string): Promise<boolean> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (attempt > 0) await sleep(backoff(attempt));
    const items = await store.query(LEAGUE.withMembers(leagueId));
    const league = items.find((item) => LEAGUE.is(item as never)) as LeagueItem | undefined;
    if (!league || league.tableVersion !== undefined) return false;
    const memberItems = items.filter((item) => !LEAGUE.is(item as never));
    const members = memberItems.map((item) => item.userId as string);
    const standingKeys = members.map((userId) => standingKey(userId, league.seasonId));
    const standings = await store.batchGet(standingKeys);
    const table: LeagueTable = {};
    const checks: TransactWriteItem[] = [];
    let wcuEstimate = 0;
    members.forEach((userId, i) => {
      const standing = standings.get(keyId(standingKeys[i]));
      table[userId] = LEAGUE_TABLE.entryOf(standing as Parameters<typeof LEAGUE_TABLE.entryOf>[0]);
      checks.push(
        { ConditionCheck: conditionCheck(store.tableName, standingKeys[i], (e) => revisionHeld(e, standing)) },
        {
          ConditionCheck: conditionCheck(
            store.tableName,
            MEMBER.key(leagueId, userId),
            (e) => `attribute_exists(${e.name(TABLE.pk)})`,
          ),
        },
      );
      wcuEstimate += conditionCheckUnits(standing) + conditionCheckUnits(memberItems[i]);
    });
    const set = { [LEAGUE_TABLE.attribute]: table, [LEAGUE_TABLE.versionAttribute]: 1 };
    const listing = {
      ...SEASON_LEAGUE.key(league.seasonId, league.id),
      ...SEASON_LEAGUE.attributes(league.seasonId, league.id),
    };
    const update = setUpdate(
      store.tableName,
      LEAGUE.key(leagueId),
      set,
      (e) =>
        `attribute_not_exists(${e.name(LEAGUE_TABLE.versionAttribute)}) AND ${e.name('memberCount')} = ${e.value(members.length)}`,
    );
    wcuEstimate +=
      transactionalWriteUnits(league as unknown as Item, set) + transactionalWriteUnits(undefined, listing);
    try {
      await store.transact(
        [{ Update: update }, ...checks, { Put: { TableName: store.tableName, Item: toAttributes(listing) } }],
        wcuEstimate,
      );
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  throw new Error(
    `Could not backfill the table of league ${leagueId}: it kept changing during ${MAX_ATTEMPTS} attempts`,
  );
}

/** The condition that a standing is still the one read: its revision, or still none (or still absent). */
function revisionHeld(e: Expression, standing: Item | undefined): string {
  if (!standing) return `attribute_not_exists(${e.name(TABLE.pk)})`;
  if (standing.rev === undefined) return `attribute_not_exists(${e.name('rev')})`;
  return e.equalAll({ rev: standing.rev });
}
