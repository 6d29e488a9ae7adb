/**
 * Season items: `SEASONS` / `SEASON#<seasonId>`, all in one small partition (the seasons list, and
 * the seasons a scoring pass counts an event in). A calendar year is a season by itself, with the id
 * `<yyyy>`, needing no admin step (createEvent writes its item so that the list shows it); a named
 * season has the id `<startDate>-<slug of its name>`. Ids sort by start date, so the partition read
 * descending is newest first. Free of `@aws-appsync/utils`: the scoring function reads it too.
 */
import { beginsWith, onTable } from './access';
import type { ItemKey } from './table';

export interface SeasonItem {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
}

export const SEASON_LIMIT = {
  name: 100,
  /** Seasons the `seasons` list returns (newest first). */
  listed: 100,
  /**
   * Events a window change may touch (the events whose dates enter or leave the window): each is
   * checked in the season's write transaction, which holds 100 entries with the season's own.
   */
  eventsPerWindowChange: 99,
} as const;

const TYPE = 'Season';
const PK = 'SEASONS';
const SK_PREFIX = 'SEASON#';
const DIGITS = '0123456789';

const key = (seasonId: string): ItemKey => ({ PK, SK: `${SK_PREFIX}${seasonId}` });

/** Whether `seasonId` names a calendar year (four digits). */
function isCalendar(seasonId: string): boolean {
  return seasonId.length === 4 && seasonId.split('').every((c) => DIGITS.indexOf(c) >= 0);
}

/** The calendar year `year` as a season. */
function calendar(year: number): SeasonItem {
  return { id: `${year}`, name: `${year}`, startDate: `${year}-01-01`, endDate: `${year}-12-31` };
}

export const SEASON = {
  type: TYPE,
  key,
  isCalendar,
  calendar,
  /** The id of a named season. */
  namedId: (startDate: string, nameSlug: string) => `${startDate}-${nameSlug}`,
  /** The year a season's id starts with (a calendar year's own; a named season's start year). */
  year: (seasonId: string) => Number(seasonId.slice(0, 4)),
  /** Whether an event of `date` (yyyy-mm-dd) counts in the season. */
  contains: (season: SeasonItem, date: string) => season.startDate <= date && date <= season.endDate,
  attributes: (season: SeasonItem) => ({ type: TYPE, ...season }),
  item: (season: SeasonItem) => ({ ...key(season.id), type: TYPE, ...season }),
  /** Access pattern: every season, newest start first. */
  all: () => onTable(PK, beginsWith(SK_PREFIX), false),
};

/** A season item to the GraphQL Season. */
export function toSeason(item: SeasonItem) {
  return { id: item.id, name: item.name, startDate: item.startDate, endDate: item.endDate };
}
