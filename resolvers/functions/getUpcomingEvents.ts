import { util, type Context } from '@aws-appsync/utils';
import { isAdmin } from '../lib/caller';
import { EVENT, EVENT_LIMIT, type EventItem } from '@pickem/domain/entities/event';
import { raiseDataSourceError } from '../lib/errors';
import { query, type QueryPage } from '../lib/query';
import type { UpcomingStash } from '../lib/stash';
import { listedFor } from '@pickem/domain/visibility';

type GetUpcomingEventsContext = Context<unknown, UpcomingStash, undefined, undefined, QueryPage<EventItem>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * upcomingEvents: the events dated from yesterday (UTC) on, soonest first (EVENT.from, one Query of at
 * most EVENT_LIMIT.upcoming items): yesterday's too, so a show still on the air past midnight UTC is there.
 * A player's list leaves out events whose card is empty. Stashes `events`.
 */
export function request(ctx: GetUpcomingEventsContext) {
  const yesterday = util.time.epochMilliSecondsToISO8601(util.time.nowEpochMilliSeconds() - DAY_MS).slice(0, 10);
  return query(EVENT.from(yesterday), { limit: EVENT_LIMIT.upcoming });
}

export function response(ctx: GetUpcomingEventsContext) {
  raiseDataSourceError(ctx.error);
  const admin = isAdmin(ctx);
  ctx.stash.events = ctx.result.items.filter((item) => listedFor(item, admin));
  return null;
}
