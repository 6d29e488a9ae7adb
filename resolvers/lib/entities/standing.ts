/**
 * Season standing items: `USER#<userId>` / `STANDING#<seasonId>`; in the GSI partition
 * `STANDINGS#<seasonId>` under `SCORE#<points>#<correct>#<userId>` (read descending). Written only by the
 * scoring function, one per season that contains the player's scored events (season.ts). A season is
 * given by its id, or by a calendar year as a number (four digits; a year that does not fit has no
 * key: every builder returns null).
 */
import type { Standing } from '../schema-types';
import { SEASON } from './season';
import { userPk } from './profile';
import { onIndex } from './access';
import { padded, scoreSortKey, type ItemKey } from './table';

/** A standing is stored with exactly the fields of the GraphQL Standing (plus its keys and type). */
export type StandingItem = Omit<Standing, 'seasonId'> & { seasonId?: string };

/**
 * Padded widths, with headroom over what the API allows: a calendar season 4 digits (a year), points
 * 8 digits (1,000 events of 50,000 points), correct 6 digits.
 */
export const STANDING_WIDTH = { season: 4, points: 8, correct: 6 } as const;

/** Seasons a profile lists: its read is the profile item plus one standing a season. */
export const MAX_SEASONS = 100;

const TYPE = 'Standing';
const SK_PREFIX = 'STANDING#';

/** A season's id: a calendar year as its four digits (null when it does not fit), an id as it is. */
function seasonIdOf(season: number | string): string | null {
  if (typeof season === 'string') return season.length === 0 ? null : season;
  return padded(season, STANDING_WIDTH.season);
}

const key = (userId: string, season: number | string): ItemKey | null => {
  const id = seasonIdOf(season);
  return id === null ? null : { PK: userPk(userId), SK: `${SK_PREFIX}${id}` };
};
const gsiPk = (season: number | string): string | null => {
  const id = seasonIdOf(season);
  return id === null ? null : `STANDINGS#${id}`;
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
  seasonIdOf,
  key,
  gsiPk,
  gsiSk,
  /** Access pattern: a season's standings, highest first; null when the season does not fit its key. */
  bySeason: (season: number | string) => {
    const partition = gsiPk(season);
    return partition === null ? null : onIndex(partition, null, false);
  },
  /**
   * Every attribute of a standing with these totals, its GSI key computed from them; null when the
   * season or the totals do not fit their widths.
   */
  attributes: (season: number | string, userId: string, displayName: string, totals: StandingTotals, rank: number) => {
    const seasonId = seasonIdOf(season);
    const sortKey = gsiSk(totals.points, totals.correct, userId);
    if (seasonId === null || sortKey === null) return null;
    return {
      type: TYPE,
      seasonId,
      season: SEASON.year(seasonId),
      userId,
      displayName,
      points: totals.points,
      correct: totals.correct,
      eventsPlayed: totals.eventsPlayed,
      rank,
      GSI_PK: gsiPk(seasonId) as string,
      GSI_SK: sortKey,
    };
  },
};

/** A standing item to the GraphQL Standing (items written before named seasons have no seasonId). */
export function toStanding(item: StandingItem) {
  return {
    seasonId: item.seasonId ?? seasonIdOf(item.season) ?? `${item.season}`,
    season: item.season,
    rank: item.rank,
    userId: item.userId,
    displayName: item.displayName,
    points: item.points,
    correct: item.correct,
    eventsPlayed: item.eventsPlayed,
  };
}
