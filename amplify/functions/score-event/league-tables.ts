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
import { LEAGUE, LEAGUE_TABLE, SEASON_LEAGUE, type LeagueItem, type LeagueTable } from '@pickem/domain/entities/league';
import type { Item } from './attributes.ts';
import { setUpdate } from './expressions.ts';
import type { Settled, StandingRow } from './player.ts';
import { forEachBounded } from './pool.ts';
import { standingKey } from './standings.ts';
import { isConditionFailure, keyId, type Store } from './store.ts';

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
    const figures = new Map<string, StandingRow>();
    for (const [userId, s] of settled) {
      const row = s.standings.get(seasonId);
      if (row) figures.set(userId, row);
    }
    if (figures.size === 0) continue;
    const ids = (await store.query(SEASON_LEAGUE.ofSeason(seasonId))).map((item: Item) => item.leagueId as string);
    const leagues = await store.batchGet(ids.map((id) => LEAGUE.key(id)));
    await forEachBounded(ids, store.concurrency, async (id) => {
      if (pastDeadline()) {
        finished = false;
        return;
      }
      await refreshLeague(store, id, leagues.get(keyId(LEAGUE.key(id))) as LeagueItem | undefined, figures);
    });
  }
  return finished;
}

/**
 * A league from before tables given its table (from its members' standings, strongly consistent) and
 * its season's listing of it (scripts/league-tables-backfill.ts). The table is written on the
 * condition that the league still has none and still has the members counted: a join or leave in
 * between makes it read again. False when the league is gone or already has its table (its listing
 * is written either way). Safe to run again at any time.
 */
export async function backfillLeagueTable(store: Store, leagueId: string): Promise<boolean> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const items = await store.query(LEAGUE.withMembers(leagueId));
    const league = items.find((item) => LEAGUE.is(item as never)) as LeagueItem | undefined;
    if (!league) return false;
    await store.batchPut([
      { ...SEASON_LEAGUE.key(league.seasonId, league.id), ...SEASON_LEAGUE.attributes(league.seasonId, league.id) },
    ]);
    if (league.tableVersion !== undefined) return false;
    const members = items.filter((item) => !LEAGUE.is(item as never)).map((item) => item.userId as string);
    const standings = await store.batchGet(members.map((userId) => standingKey(userId, league.seasonId)));
    const table: LeagueTable = {};
    for (const userId of members)
      table[userId] = LEAGUE_TABLE.entryOf(
        standings.get(keyId(standingKey(userId, league.seasonId))) as Parameters<typeof LEAGUE_TABLE.entryOf>[0],
      );
    const update = setUpdate(
      store.tableName,
      LEAGUE.key(leagueId),
      { [LEAGUE_TABLE.attribute]: table, [LEAGUE_TABLE.versionAttribute]: 1 },
      (e) =>
        `attribute_not_exists(${e.name(LEAGUE_TABLE.versionAttribute)}) AND ${e.name('memberCount')} = ${e.value(members.length)}`,
    );
    try {
      await store.update(update);
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  throw new Error(
    `Could not backfill the table of league ${leagueId}: it kept changing during ${MAX_ATTEMPTS} attempts`,
  );
}
