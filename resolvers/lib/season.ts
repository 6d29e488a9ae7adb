import { util } from '@aws-appsync/utils';
import { SEASON, SEASON_LIMIT, type SeasonItem } from '@pickem/domain/entities/season';
import { ERROR } from './errors';
import { requiredText, validEventDate } from './validate';

/** Helpers of the season mutations (createSeason, updateSeason). */

/** A season's window: dates of events (validEventDate), start on or before end. */
export function validWindow(startDate: string, endDate: string): { startDate: string; endDate: string } {
  const start = validEventDate(startDate);
  const end = validEventDate(endDate);
  if (start > end) util.error(`startDate (${start}) must not be after endDate (${end})`, ERROR.validation);
  return { startDate: start, endDate: end };
}

export function validSeasonName(name: string): string {
  return requiredText(name, 'name', SEASON_LIMIT.name);
}

/** Whether an event of `date` enters or leaves the season's window with this change. */
export function windowChanges(before: SeasonItem | null, after: SeasonItem, date: string): boolean {
  const was = before !== null && SEASON.contains(before, date);
  return was !== SEASON.contains(after, date);
}

export function seasonLocked(season: SeasonItem, eventId: string) {
  return {
    message: `Event ${eventId} has gone live and would enter or leave season ${season.id}: a season's window is fixed once its events are live (standings stay exact)`,
    type: ERROR.seasonLocked,
  };
}
