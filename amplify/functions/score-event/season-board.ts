/**
 * A season's board and its rank buckets (domain/entities/season-ranks.ts). The board is replaced as
 * any other (board.ts), its head holding no score counts: they go, split by points, into the season's
 * rank buckets, written after the head with the head's version.
 *
 * A bucket is put on the condition that it has no version or one at most the head's, and a bucket no
 * longer in the histogram is deleted on the condition that its version is below it: a pass whose head
 * was replaced by a newer one can never overwrite the newer pass's buckets. The buckets are written
 * whether or not the head changed (only those that differ from the stored ones), so a pass that died
 * between its head and its buckets is completed by the next one over the season.
 */
import { BOARD, type BoardHead, type ScoreCount, type SeasonRow } from '@pickem/domain/entities/board';
import { SEASON_RANKS, seasonBuckets, type SeasonRanksItem } from '@pickem/domain/entities/season-ranks';
import type { Item } from './attributes.ts';
import { histogram, readHead, readRows, replaceBoard, same, type BoardContent, type BoardWrite } from './board.ts';
import type { StandingRow } from './player.ts';
import { forEachBounded } from './pool.ts';
import { isConditionFailure, type Store } from './store.ts';

/** Replaces the season's board from what `compose` makes of its head, then brings its rank buckets to the head's version. */
export async function replaceSeasonBoard(
  store: Store,
  seasonId: string,
  compose: (head: BoardHead | null) => Promise<BoardContent<SeasonRow> | null>,
): Promise<BoardWrite> {
  const write = await replaceBoard<SeasonRow>(store, BOARD.seasonScope(seasonId), compose, undefined, false);
  if (write.head && write.scores) await writeSeasonRanks(store, seasonId, write.head.version, write.scores);
  return write;
}

/**
 * The season's board with `figures` (the standings of an event's players as a final pass wrote or
 * read them) laid over its rows, the higher revision winning.
 */
export async function overlaySeasonBoard(
  store: Store,
  seasonId: string,
  figures: Map<string, StandingRow>,
): Promise<BoardWrite> {
  return replaceSeasonBoard(store, seasonId, async (head) => {
    const byUser = new Map<string, SeasonRow>();
    if (head) for (const row of await readRows<SeasonRow>(store, head)) byUser.set(row[0], row);
    for (const [userId, standing] of figures) {
      const current = byUser.get(userId);
      if (current && current[6] >= standing.rev) continue;
      byUser.set(userId, [
        userId,
        standing.displayName,
        standing.points,
        standing.correct,
        0,
        standing.eventsPlayed,
        standing.rev,
      ]);
    }
    return { rows: [...byUser.values()], final: false, card: [] };
  });
}

/**
 * The rank buckets of a season from its stored board, at its head's version: from the head's counts
 * (a head written before the buckets held them all) or else from its rows. For seasons last scored
 * before the buckets existed (scripts/season-ranks-backfill.ts); safe to run at any time, and again.
 * False when the season has no board.
 */
export async function backfillSeasonRanks(store: Store, seasonId: string): Promise<boolean> {
  const head = await readHead(store, BOARD.seasonScope(seasonId));
  if (!head) return false;
  const scores = head.scores.length > 0 ? head.scores : histogram(await readRows<SeasonRow>(store, head));
  await writeSeasonRanks(store, seasonId, head.version, scores);
  return true;
}

/** The season's rank buckets for the counts `scores` of head version `version`: those that differ put, those gone deleted. */
export async function writeSeasonRanks(
  store: Store,
  seasonId: string,
  version: number,
  scores: ScoreCount[],
): Promise<void> {
  const stored = new Map<number, SeasonRanksItem>();
  for (const item of await store.query(SEASON_RANKS.all(seasonId))) {
    const bucket = item as unknown as SeasonRanksItem;
    stored.set(bucket.bucket, bucket);
  }
  const wanted = seasonBuckets(seasonId, version, scores);
  const changed = wanted.filter((b) => {
    const old = stored.get(b.bucket);
    return !old || old.version < version || old.above !== b.above || !same(old.scores, b.scores);
  });
  const kept = new Set(wanted.map((b) => b.bucket));
  const gone = [...stored.values()].filter((b) => !kept.has(b.bucket) && b.version < version);
  const names = { '#version': 'version' };
  const values = { ':version': version } as Item;
  const ignoreNewer = (err: unknown) => {
    if (!isConditionFailure(err)) throw err;
  };
  await forEachBounded(changed, store.concurrency, (b) =>
    store
      .put(SEASON_RANKS.item(b), {
        expression: 'attribute_not_exists(#version) OR #version <= :version',
        names,
        values,
      })
      .catch(ignoreNewer),
  );
  await forEachBounded(gone, store.concurrency, (b) =>
    store
      .delete(SEASON_RANKS.key(seasonId, b.bucket), { expression: '#version < :version', names, values })
      .catch(ignoreNewer),
  );
}
