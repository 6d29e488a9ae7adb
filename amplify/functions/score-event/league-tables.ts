/**
 * The league tables (domain/entities/league.ts, LEAGUE_TABLE) of the event's seasons, refreshed by a
 * final pass once its players' standings are written: league by league, never player by player. A
 * season's leagues are listed from SEASON_LEAGUE (strongly consistent, every page), their items read
 * in batches, and each table whose members include a player of the pass gets that player's standing
 * as the pass settled it, when its revision is at least the entry's (a newer pass's entry is kept).
 * The table is written whole, on the condition of the version read: a join, leave or removal in
 * between raises it, and the league is read again. Absolute values, so a rerun, or a pass killed and
 * run again, converges. A league without a table (from before tables) is left to the backfill.
 */
import type { TransactWriteItem } from '@aws-sdk/client-dynamodb';
import {
  LEAGUE,
  LEAGUE_TABLE,
  MEMBER,
  SEASON_LEAGUE,
  type LeagueItem,
  type LeagueTable,
} from '@pickem/domain/entities/league';
import { TABLE } from '@pickem/domain/entities/table';
import { MAX_BATCH_GET_KEYS } from '@pickem/domain/limits';
import { toAttributes, type Item } from './attributes.ts';
import { conditionCheckUnits, transactionalWriteUnits } from './capacity.ts';
import { conditionCheck, setUpdate, type Expression } from './expressions.ts';
import type { Settled, StandingRow } from './player.ts';
import { forEachBounded } from './pool.ts';
import { standingKey } from './standings.ts';
import { backoff, isConditionFailure, keyId, sleep, type Store } from './store.ts';

const MAX_ATTEMPTS = 6;

/** The table with `figures` laid over its entries; null when nothing changes. */
export function overlaidTable(table: LeagueTable, figures: Map<string, StandingRow>): LeagueTable | null {
  let changed = false;
  const next: LeagueTable = {};
  for (const [userId, entry] of Object.entries(table)) {
    const row = figures.get(userId);
    const fresh = row ? LEAGUE_TABLE.entryOf(row) : null;
    const newer =
      fresh !== null &&
      fresh.rev >= entry.rev &&
      (fresh.rev !== entry.rev ||
        fresh.points !== entry.points ||
        fresh.correct !== entry.correct ||
        fresh.eventsPlayed !== entry.eventsPlayed);
    next[userId] = newer ? fresh : entry;
    changed ||= newer;
  }
  return changed ? next : null;
}

/** Writes the league's table with `figures` over it (reading it again after a lost race); true when written. */
async function refreshLeague(
  store: Store,
  leagueId: string,
  read: LeagueItem | undefined,
  figures: Map<string, StandingRow>,
): Promise<boolean> {
  let league = read;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (attempt > 0) league = (await store.get(LEAGUE.key(leagueId))) as LeagueItem | undefined;
    if (!league || league.table === undefined || league.tableVersion === undefined) return false;
    const next = overlaidTable(league.table, figures);
    if (next === null) return false;
    const version = league.tableVersion;
    const update = setUpdate(
      store.tableName,
      LEAGUE.key(leagueId),
      { [LEAGUE_TABLE.attribute]: next, [LEAGUE_TABLE.versionAttribute]: version + 1 },
      (e) => `${e.name(LEAGUE_TABLE.versionAttribute)} = ${e.value(version)}`,
    );
    try {
      await store.update(update);
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  throw new Error(
    `Could not refresh the table of league ${leagueId}: it kept changing during ${MAX_ATTEMPTS} attempts`,
  );
}

/**
 * Every league of the seasons, refreshed with the standings the pass settled. Past the deadline no new
 * league is started and the answer is false (unfinished: the run that finishes the pass refreshes the rest).
 */
export async function refreshLeagueTables(
  store: Store,
  seasons: string[],
  settled: Map<string, Settled>,
  pastDeadline: () => boolean = () => false,
): Promise<boolean> {
  let finished = true;
  for (const seasonId of seasons) {
    if (!finished) break;
    const figures = new Map<string, StandingRow>();
    for (const [userId, s] of settled) {
      const row = s.standings.get(seasonId);
      if (row) figures.set(userId, row);
    }
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
        await refreshLeague(store, id, leagues.get(keyId(LEAGUE.key(id))) as LeagueItem | undefined, figures);
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
