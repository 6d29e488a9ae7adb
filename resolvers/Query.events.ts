import type { Context } from '@aws-appsync/utils';
import { EVENT, toEvent, type EventItem } from '@pickem/domain/entities/event';
import { raiseDataSourceError } from './lib/errors';
import { listPage, type QueryPage } from './lib/query';
import type { QueryEventsArgs, QueryEventsResult } from '@pickem/domain/schema-types';

type EventsContext = Context<QueryEventsArgs, Record<string, never>, undefined, undefined, QueryPage<EventItem>>;

/** Events, newest date first: one Query on the GSI partition of all events. */
export function request(ctx: EventsContext) {
  return listPage(EVENT.list(), ctx.args);
}

export function response(ctx: EventsContext): QueryEventsResult {
  raiseDataSourceError(ctx.error);
  return { items: ctx.result.items.map(toEvent), nextToken: ctx.result.nextToken ?? null };
}
