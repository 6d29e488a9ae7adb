import { util, type Context } from '@aws-appsync/utils';
import { cardChangedMeanwhile, stashedEvent, stashedMatches } from '../lib/card';
import { cardMatches, type EventItem, type MatchItem } from '../lib/items';
import { ITEM_KEY } from '../lib/records';
import { raiseWriteError, typed } from '../lib/transact';
import { validOrder } from '../lib/validate';

/**
 * Rewrites matchOrder (no sort key changes), in any state, only if it is still the order the new
 * one was validated against.
 */
export function request(ctx: Context<{ eventId: string; matchIds: string[] }>) {
  const event = stashedEvent(ctx);
  const order = validOrder(event.matchOrder, ctx.args.matchIds);
  ctx.stash.order = order;
  return {
    operation: 'UpdateItem',
    key: util.dynamodb.toMapValues(ITEM_KEY.event(event.id)),
    update: typed({ expression: 'SET #order = :order', names: { '#order': 'matchOrder' }, values: { ':order': order } }),
    condition: typed({ expression: '#orderNow = :current', names: { '#orderNow': 'matchOrder' }, values: { ':current': event.matchOrder } }),
  };
}

export function response(ctx: Context) {
  const event = ctx.stash.event as EventItem;
  raiseWriteError(ctx, [cardChangedMeanwhile(event)]);
  const reordered: EventItem = { ...event, matchOrder: ctx.stash.order as string[] };
  return cardMatches(reordered, stashedMatches(ctx) as MatchItem[], true);
}
