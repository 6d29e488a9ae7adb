/**
 * Season standing items: `USER#<userId>` / `STANDING#<yyyy>`; in the GSI partition
 * `STANDINGS#<yyyy>` under `SCORE#<points>#<correct>#<userId>` (read descending). Written only by the
 * scoring function. A season that does not fit 4 digits has no key: every builder returns null.
 */
import type { Standing } from '../schema-types';
import { userPk } from './profile';
import { onIndex } from './access';
import { padded, scoreSortKey, type ItemKey } from './table';

/** A standing is stored with exactly the fields of the GraphQL Standing (plus its keys and type). */
export type StandingItem = Standing;

/**
 * Padded widths, with headroom over what the API allows: season 4 digits (a year), points 8 digits
 * (1,000 events of 50,000 points), correct 6 digits.
 */
export const STANDING_WIDTH = { season: 4, points: 8, correct: 6 } as const;

/** Seasons a profile lists: its read is the profile item plus one standing a season. */
export const MAX_SEASONS = 100;

const TYPE = 'Standing';

const season4 = (season: number) => padded(season, STANDING_WIDTH.season);

const key = (userId: string, season: number): ItemKey | null => {
  const yyyy = season4(season);
  return yyyy === null ? null : { PK: userPk(userId), SK: `STANDING#${yyyy}` };
};
const gsiPk = (season: number): string | null => {
  const yyyy = season4(season);
  return yyyy === null ? null : `STANDINGS#${yyyy}`;
};
const gsiSk = (points: number, correct: number, userId: string) =>
  scoreSortKey(points, STANDING_WIDTH.points, correct, STANDING_WIDTH.correct, userId);

export interface StandingTotals {
  points: number;
  correct: number;
  eventsPlayed: number;
}

export const STANDING = {
  type: TYPE,
  key,
  gsiPk,
  gsiSk,
  /** Access pattern: a season's standings, highest first; null when the season does not fit its key. */
  bySeason: (season: number) => {
    const partition = gsiPk(season);
    return partition === null ? null : onIndex(partition, null, false);
  },
  /**
   * Every attribute of a standing with these totals, its GSI key computed from them; null when the
   * season or the totals do not fit their widths.
   */
  attributes: (season: number, userId: string, displayName: string, totals: StandingTotals, rank: number) => {
    const partition = gsiPk(season);
    const sortKey = gsiSk(totals.points, totals.correct, userId);
    if (partition === null || sortKey === null) return null;
    return {
      type: TYPE,
      season,
      userId,
      displayName,
      points: totals.points,
      correct: totals.correct,
      eventsPlayed: totals.eventsPlayed,
      rank,
      GSI_PK: partition,
      GSI_SK: sortKey,
    };
  },
};

/** A standing item to the GraphQL Standing. */
export function toStanding(item: StandingItem) {
  return {
    season: item.season,
    rank: item.rank,
    userId: item.userId,
    displayName: item.displayName,
    points: item.points,
    correct: item.correct,
    eventsPlayed: item.eventsPlayed,
  };
}
