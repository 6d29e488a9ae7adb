/**
 * A season's rank histogram, in buckets: the season board's score counts (board.ts `ScoreCount`,
 * `[points, correct, players]`) split by points into buckets of SEASON_RANKS_LIMIT.pointsPerBucket, so
 * that a player's exact rank is read from one small item found from their points alone, whatever the
 * number of players or of events in the season.
 *
 * - Bucket: `RANKS#SEASON#<seasonId>` / `B#<bucket>` with bucket = floor(points / pointsPerBucket).
 *   It holds the counts of its scores (highest first) and `above`, the players of every higher bucket
 *   (more points than any score of the bucket): a score's competition rank is
 *   1 + above + the players of its bucket ranked above it.
 * - `version`: the season board head's version it was written for (a bucket is only replaced or
 *   deleted by a higher one, so two passes never leave a mix of older and newer counts once both end).
 *
 * Written by the scoring function's season pass after the season board's head; read by the profile
 * (one BatchGetItem, one key a season). One partition a season: the pass lists it with one Query.
 * Plain data and functions only (APPSYNC_JS reads it).
 */
import { rankOf, type ScoreCount } from './board';
import { beginsWith, onTable } from './access';
import type { ItemKey } from './table';

export const SEASON_RANKS_LIMIT = {
  /**
   * Points a bucket spans. A bucket holds at most one count per (points, correct) in its range: at
   * 100,000 players over 50 events, about 150 to 300 counts (docs/benchmarks.md), under 4 KB.
   */
  pointsPerBucket: 10,
} as const;

const TYPE = 'SeasonRanks';
const SK_PREFIX = 'B#';

export interface SeasonRanksItem {
  seasonId: string;
  bucket: number;
  version: number;
  above: number;
  scores: ScoreCount[];
}

const pk = (seasonId: string) => `RANKS#SEASON#${seasonId}`;
const bucketOf = (points: number) => Math.floor(points / SEASON_RANKS_LIMIT.pointsPerBucket);
const key = (seasonId: string, bucket: number): ItemKey => ({ PK: pk(seasonId), SK: `${SK_PREFIX}${bucket}` });

export const SEASON_RANKS = {
  type: TYPE,
  bucketOf,
  key,
  /** The bucket that holds a score of `points` in the season. */
  keyFor: (seasonId: string, points: number) => key(seasonId, bucketOf(points)),
  /** The stored bucket, key included. */
  item: (ranks: SeasonRanksItem) => ({ ...key(ranks.seasonId, ranks.bucket), type: TYPE, ...ranks }),
  /** Access pattern: every bucket of a season (the scoring function's pass). */
  all: (seasonId: string) => onTable(pk(seasonId), beginsWith(SK_PREFIX), true),
};

/** A season's score counts (highest first) in buckets, highest bucket first, each with the players above it. */
export function seasonBuckets(seasonId: string, version: number, scores: ScoreCount[]): SeasonRanksItem[] {
  const buckets: SeasonRanksItem[] = [];
  let above = 0;
  for (const count of scores) {
    const bucket = bucketOf(count[0]);
    let last = buckets[buckets.length - 1];
    if (!last || last.bucket !== bucket) {
      if (last) above = last.above + last.scores.reduce((sum, c) => sum + c[2], 0);
      last = { seasonId, bucket, version, above, scores: [] };
      buckets.push(last);
    }
    last.scores.push([count[0], count[1], count[2]]);
  }
  return buckets;
}

/**
 * The competition rank of a score in the season, from the bucket that holds its points; without one
 * (the season's board is not built yet) it ranks against no one: 1.
 */
export function seasonRank(bucket: Pick<SeasonRanksItem, 'above' | 'scores'> | null, points: number, correct: number) {
  return bucket === null ? 1 : bucket.above + rankOf(bucket, points, correct);
}
