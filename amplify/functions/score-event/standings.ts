/** Season standings: reading a season's scores, and giving every standing its competition rank. */
import { STANDING } from '../../../resolvers/lib/entities/standing.ts';
import { competitionRanks } from './ranks.ts';
import { forEachBounded } from './pool.ts';
import { setUpdate } from './expressions.ts';
import { backoff, isConditionFailure, sleep, type Store } from './store.ts';
import type { Item } from './attributes.ts';

export interface SeasonScore {
  userId: string;
  points: number;
  correct: number;
  /** As stored; undefined when the standing has none yet. */
  rank?: number;
}

/**
 * Every standing of the season, from its GSI partition, with the standings of `fresh` users replaced
 * by strongly consistent reads (the index may lag behind writes this run has just made).
 */
export async function seasonScores(store: Store, seasonId: string, fresh: Iterable<string>): Promise<Map<string, SeasonScore>> {
  const items = await seasonStandings(store, seasonId);
  const read = await store.batchGet([...fresh].map((userId) => standingKey(userId, seasonId)));
  const scores = new Map<string, SeasonScore>();
  for (const item of [...items.values(), ...read.values()]) {
    const userId = item.userId as string;
    scores.set(userId, { userId, points: item.points as number, correct: item.correct as number, rank: item.rank as number | undefined });
  }
  return scores;
}

/** Every standing item of the season by user id, as its GSI partition has them (it may lag behind writes). */
export async function seasonStandings(store: Store, seasonId: string): Promise<Map<string, Item>> {
  const items = await store.query(seasonPattern(seasonId));
  return new Map(items.map((item) => [item.userId as string, item]));
}

/** The key of a season standing; a season that does not fit its key is refused. */
export function standingKey(userId: string, seasonId: string) {
  const key = STANDING.key(userId, seasonId);
  if (key === null) throw new Error(`Season ${seasonId} does not fit a standing's key`);
  return key;
}

function seasonPattern(seasonId: string) {
  const pattern = STANDING.bySeason(seasonId);
  if (pattern === null) throw new Error(`Season ${seasonId} does not fit a standing's key`);
  return pattern;
}

const MAX_RANK_PASSES = 8;

/**
 * Gives every standing of the season its competition rank, writing only the ranks that differ, and
 * repeats until a pass finds nothing to write: a pass that starts after every concurrent run's last
 * write sees the final totals, so the last run to finish leaves every rank right. A rank whose
 * standing's totals changed since they were read is not written (the next pass sees the change).
 * Passes after the first wait a growing delay (about 2 s in all), giving a concurrent run time to
 * finish its writes; live scoring makes overlapping runs ordinary (a result entered while the previous
 * result's pass is still running). If the totals still change, the run fails, to be run again.
 * Returns the user ids whose standing was written.
 */
export async function rankSeason(store: Store, seasonId: string, participants: Iterable<string>): Promise<Set<string>> {
  const written = new Set<string>();
  for (let pass = 0; pass < MAX_RANK_PASSES; pass++) {
    if (pass > 1) await sleep(backoff(pass - 1));
    const scores = await seasonScores(store, seasonId, participants);
    const ranks = competitionRanks([...scores.values()]);
    const stale = [...scores.values()].filter((s) => s.rank !== ranks.get(s.userId));
    if (stale.length === 0) return written;
    await forEachBounded(stale, store.concurrency, async (s) => {
      const update = setUpdate(
        store.tableName,
        standingKey(s.userId, seasonId),
        { rank: ranks.get(s.userId) },
        (e) => e.equalAll({ points: s.points, correct: s.correct }),
      );
      try {
        await store.update(update);
        written.add(s.userId);
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    });
  }
  throw new Error(`Season ${seasonId} ranks still changing after ${MAX_RANK_PASSES} passes: other runs keep writing`);
}
