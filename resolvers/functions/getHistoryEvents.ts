import { runtime, util, type Context, type DynamoDBBatchGetItemRequest } from '@aws-appsync/utils';
import { EVENT, type EventItem } from '../lib/entities/event';
import { raiseDataSourceError } from '../lib/errors';
import type { HistoryStash } from '../lib/stash';
import { tableOf } from '../lib/transact';

type Found = Pick<EventItem, 'id' | 'name' | 'state' | 'startsAtMs'> | null;
type GetHistoryEventsContext = Context<Record<string, unknown>, HistoryStash, undefined, undefined, { data: Record<string, Found[]> }>;

/**
 * The name, state and bell of every event of the history page, read from the event items (one
 * BatchGetItem of at most a page's 100 keys): visibility follows the event, not the prediction (an
 * admin may move an event's startsAt after predictions were saved), and the history shows the event's
 * name now, so renaming an event rewrites no prediction. Skipped for an empty page.
 */
export function request(ctx: GetHistoryEventsContext): DynamoDBBatchGetItemRequest {
  const ids: string[] = [];
  for (const item of ctx.stash.page.items) if (ids.indexOf(item.eventId) < 0) ids.push(item.eventId);
  if (ids.length === 0) return runtime.earlyReturn(null);
  return {
    operation: 'BatchGetItem',
    tables: {
      [tableOf(ctx)]: {
        keys: ids.map((id) => util.dynamodb.toMapValues(EVENT.key(id))),
        projection: {
          expression: '#id, #name, #state, #startsAtMs',
          expressionNames: { '#id': 'id', '#name': 'name', '#state': 'state', '#startsAtMs': 'startsAtMs' },
        },
      },
    },
  };
}

/** An event left unprocessed by DynamoDB (throttling) is absent: the rule then shows the least, and the name is the one saved with the prediction. */
export function response(ctx: GetHistoryEventsContext) {
  raiseDataSourceError(ctx.error);
  for (const event of ctx.result.data[tableOf(ctx)] ?? []) {
    if (event) ctx.stash.events[event.id] = { name: event.name, state: event.state, startsAtMs: event.startsAtMs };
  }
  return null;
}
