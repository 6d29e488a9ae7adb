import { util, type Context, type DynamoDBUpdateItemRequest } from '@aws-appsync/utils';
import { cardChangedMeanwhile, stashedEvent, stashedMatches } from '../lib/card';
import { EVENT, type EventItem } from '@pickem/domain/entities/event';
import { cardMatches } from '@pickem/domain/entities/match';
import type { MutationReorderCardArgs, MutationReorderCardResult } from '@pickem/domain/schema-types';
import type { CardStash } from '../lib/stash';
import { raiseWriteError, typed } from '../lib/transact';
import { validOrder } from '../lib/validate';

type WriteCardOrderContext = Context<MutationReorderCardArgs, CardStash & { order: string[] }>;

/**
 * Rewrites matchOrder (no sort key changes), in any state, only if it is still the order the new
 * one was validated against.
 */
export function request(ctx: WriteCardOrderContext): DynamoDBUpdateItemRequest {
  const event = stashedEvent(ctx);
  const order = validOrder(event.matchOrder, ctx.args.matchIds);
  ctx.stash.order = order;
  return {
    operation: 'UpdateItem',
    key: util.dynamodb.toMapValues(EVENT.key(event.id)),
    update: typed({
      expression: 'SET #order = :order',
      names: { '#order': 'matchOrder' },
      values: { ':order': order },
    }),
    condition: typed({
      expression: '#orderNow = :current',
      names: { '#orderNow': 'matchOrder' },
      values: { ':current': event.matchOrder },
    }),
  };
}

export function response(ctx: WriteCardOrderContext): MutationReorderCardResult {
  const event = stashedEvent(ctx);
  raiseWriteError(ctx, [cardChangedMeanwhile(event)]);
  const reordered: EventItem = { ...event, matchOrder: ctx.stash.order };
  return cardMatches(reordered, stashedMatches(ctx), true);
}
