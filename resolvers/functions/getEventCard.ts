import { util, type Context } from '@aws-appsync/utils';
import { KEY, MAX_MATCHES_PER_CARD } from '../lib/keys';
import { raiseDataSourceError } from '../lib/errors';
import type { EventItem, MatchItem } from '../lib/items';

/**
 * Reads an event's partition: the event item and its matches, nothing else (predictions live in
 * the players' partitions), so the cost does not grow with the number of players.
 * Stashes `event` (null when there is no such event) and `matches`. Mutations set
 * `ctx.stash.consistentRead` so that they validate against the latest card.
 */
export function request(ctx: Context<{ eventId: string }>) {
  return {
    operation: 'Query',
    query: {
      expression: '#pk = :pk',
      expressionNames: { '#pk': 'PK' },
      expressionValues: util.dynamodb.toMapValues({ ':pk': KEY.eventPk(ctx.args.eventId) }),
    },
    limit: MAX_MATCHES_PER_CARD + 1,
    consistentRead: ctx.stash.consistentRead === true,
  };
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  const items = (ctx.result as { items: (EventItem & MatchItem & { SK: string })[] }).items;
  const event = items.find((item) => item.SK === KEY.eventSk) ?? null;
  ctx.stash.event = event;
  ctx.stash.matches = items.filter((item) => item.SK !== KEY.eventSk);
  return event;
}
