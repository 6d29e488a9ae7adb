/**
 * Season standing items: `USER#<userId>` / `STANDING#<seasonId>`; no GSI key. Written only by the final
 * scoring pass, one per season that contains the player's scored events (season.ts), each write raising
 * `rev` by one. Ranks are not stored: a season's ranked table is its board (board.ts), and a player's
 * rank is read from the board's head. A season is given by its id, or by a calendar year as a number
 * (four digits; a year that does not fit has no key: every builder returns null).
 */
import type { Standing } from '../schema-types';
import { AWARDS, type AwardName } from '../awards';
import { SEASON } from './season';
import { userPk } from './profile';
import { padded, type ItemKey } from './table';

/** A stored standing: the fields of the GraphQL Standing but its rank, its revision, and (calendar years) its trophies. */
export type StandingItem = Omit<Standing, 'seasonId' | 'rank'> & {
  seasonId?: string;
  rev?: number;
  trophies?: Trophies | null;
};

/**
 * How many of each award the player's predictions of a calendar year hold (absent: none), kept by the
 * final pass on the year's standing with its totals (the same difference, in the same transaction): an
 * event counts in one calendar year, so a profile's trophies are the sum over its calendar-year standings.
 */
export type Trophies = Partial<Record<AwardName, number>>;

/** The trophies with the awards of a prediction replaced: `before`'s taken away, `after`'s added. */
export function changedTrophies(
  trophies: Trophies | null | undefined,
  before: AwardName[],
  after: AwardName[],
): Trophies {
  const out: Trophies = { ...(trophies ?? {}) };
  for (const a of before) out[a] = (out[a] ?? 0) - 1;
  for (const a of after) out[a] = (out[a] ?? 0) + 1;
  return out;
}

/** A profile's trophies: each award's count over its calendar-year standings, in AWARDS order, those won only. */
export function trophyCounts(standings: StandingItem[]): { award: AwardName; count: number }[] {
  const years = standings.filter((s) => SEASON.isCalendar(s.seasonId ?? seasonIdOf(s.season) ?? ''));
  return AWARDS.map((award) => ({
    award,
    count: years.reduce((n, s) => n + ((s.trophies ?? {})[award] ?? 0), 0),
  })).filter((t) => t.count > 0);
}

/** Padded width of a calendar season's id (a year). */
export const STANDING_WIDTH = { season: 4 } as const;

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

export interface StandingTotals {
  points: number;
  correct: number;
  eventsPlayed: number;
}

export const STANDING = {
  type: TYPE,
  seasonIdOf,
  key,
  /** Every attribute of a standing with these totals at revision `rev`; null when the season does not fit its key. */
  attributes: (season: number | string, userId: string, displayName: string, totals: StandingTotals, rev: number) => {
    const seasonId = seasonIdOf(season);
    if (seasonId === null) return null;
    return {
      type: TYPE,
      seasonId,
      season: SEASON.year(seasonId),
      userId,
      displayName,
      points: totals.points,
      correct: totals.correct,
      eventsPlayed: totals.eventsPlayed,
      rev,
    };
  },
};

/** A standing item to the GraphQL Standing, with its rank read from the season's board (or ranked within a league). */
export function toStanding(item: StandingItem, rank: number) {
  return {
    seasonId: item.seasonId ?? seasonIdOf(item.season) ?? `${item.season}`,
    season: item.season,
    rank,
    userId: item.userId,
    displayName: item.displayName,
    points: item.points,
    correct: item.correct,
    eventsPlayed: item.eventsPlayed,
  };
}
