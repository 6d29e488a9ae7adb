import type { Context } from '@aws-appsync/utils';
import { isAdmin } from './lib/caller';
import { EVENT, toEvent, type EventItem } from '@pickem/domain/entities/event';
import { raiseDataSourceError } from './lib/errors';
import { listPage, type QueryPage } from './lib/query';
import type { QueryEventsArgs, QueryEventsResult } from '@pickem/domain/schema-types';
import { validEventDate } from './lib/validate';
import { listedFor } from '@pickem/domain/visibility';

type EventsContext = Context<QueryEventsArgs, Record<string, never>, undefined, undefined, QueryPage<EventItem>>;

/**
 * Events, newest date first: one Query on the GSI partition of all events; with `before`, only those
 * of earlier days (EVENT.before). A player's page leaves out the events whose card is empty.
 */
export function request(ctx: EventsContext) {
  const before = ctx.args.before;
  if (before === null || before === undefined) return listPage(EVENT.list(), ctx.args);
  return listPage(EVENT.before(validEventDate(before)), ctx.args);
}

export function response(ctx: EventsContext): QueryEventsResult {
  raiseDataSourceError(ctx.error);
  const admin = isAdmin(ctx);
  return {
    items: ctx.result.items.filter((item) => listedFor(item, admin)).map(toEvent),
    nextToken: ctx.result.nextToken ?? null,
  };
}
