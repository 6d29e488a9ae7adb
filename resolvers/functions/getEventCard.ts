import type { Context } from '@aws-appsync/utils';
import { EVENT, type EventItem } from '../lib/entities/event';
import { MAX_MATCHES_PER_CARD, type MatchItem } from '../lib/entities/match';
import type { ItemKey } from '../lib/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import { query, type QueryPage } from '../lib/query';
import type { CardStash } from '../lib/stash';

type PartitionItem = ItemKey & (EventItem | MatchItem);
type GetEventCardContext = Context<{ eventId: string }, CardStash, undefined, undefined, QueryPage<PartitionItem>>;

const isEvent = (item: PartitionItem): item is ItemKey & EventItem => EVENT.is(item);
const isMatch = (item: PartitionItem): item is ItemKey & MatchItem => !EVENT.is(item);

/**
 * Reads an event's partition (the event item and its matches). Stashes `event` (null when there is
 * no such event) and `matches`. A mutation reads strongly consistent, so that it validates against
 * the latest card.
 */
export function request(ctx: GetEventCardContext) {
  return query(EVENT.card(ctx.args.eventId), { limit: MAX_MATCHES_PER_CARD + 1, consistentRead: ctx.info.parentTypeName === 'Mutation' });
}

export function response(ctx: GetEventCardContext) {
  raiseDataSourceError(ctx.error);
  const items = ctx.result.items;
  const event = items.find(isEvent) ?? null;
  ctx.stash.event = event;
  ctx.stash.matches = items.filter(isMatch);
  return event;
}
