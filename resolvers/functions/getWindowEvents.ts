import { runtime, util, type Context } from '@aws-appsync/utils';
import { EVENT, type EventItem } from '@pickem/domain/entities/event';
import { SEASON_LIMIT } from '@pickem/domain/entities/season';
import { ERROR, raiseDataSourceError } from '../lib/errors';
import { query, type QueryPage } from '../lib/query';
import { windowChanges } from '../lib/season';
import type { SeasonStash } from '../lib/stash';

type GetWindowEventsContext = Context<unknown, SeasonStash, undefined, undefined, QueryPage<EventItem>>;

/**
 * The events whose dates enter or leave the season's window with this write (every event of a new
 * season's window): one Query of the events index from the first date of both windows on, at most
 * SEASON_LIMIT.eventsPerWindowChange + 1 items (those past the last date are left out). Skipped when
 * the window does not change.
 */
export function request(ctx: GetWindowEventsContext) {
  const { before, season } = ctx.stash;
  ctx.stash.events = [];
  if (before !== null && before.startDate === season.startDate && before.endDate === season.endDate)
    return runtime.earlyReturn(null);
  const from = before !== null && before.startDate < season.startDate ? before.startDate : season.startDate;
  return query(EVENT.from(from), { limit: SEASON_LIMIT.eventsPerWindowChange + 1 });
}

export function response(ctx: GetWindowEventsContext) {
  raiseDataSourceError(ctx.error);
  const { before, season } = ctx.stash;
  const to = before !== null && before.endDate > season.endDate ? before.endDate : season.endDate;
  const items = ctx.result.items;
  const changed = items.filter((event) => windowChanges(before, season, event.date));
  // A full page whose last event is still inside the span may leave events of the span unread.
  const unread = ctx.result.nextToken && items.length > 0 && items[items.length - 1].date <= to;
  if (unread || changed.length > SEASON_LIMIT.eventsPerWindowChange) {
    util.error(
      `A season's windows (before and after) may span at most ${SEASON_LIMIT.eventsPerWindowChange} events; change it in smaller steps`,
      ERROR.validation,
    );
  }
  ctx.stash.events = changed;
  return null;
}
