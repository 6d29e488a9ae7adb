import type { Context } from '@aws-appsync/utils';
import { cardChangedMeanwhile, eventConditionError, requireCardOpen, stashedEvent, stashedMatches } from '../lib/card';
import { ERROR } from '../lib/errors';
import { toMatch, type EventItem, type MatchItem } from '../lib/items';
import { ITEM_KEY } from '../lib/records';
import { raiseWriteError, tableOf, transaction, txDelete, txUpdate } from '../lib/transact';
import { cardMatch } from '../lib/validate';

/**
 * Removes a match from an UPCOMING card: deletes the match item and its entry in matchOrder in one
 * transaction, conditional on that entry still being the match (so a concurrent reorder cannot make
 * it remove another one).
 */
export function request(ctx: Context<{ eventId: string; matchId: string }>) {
  const event = stashedEvent(ctx);
  requireCardOpen(event);
  const match = cardMatch(event, stashedMatches(ctx), ctx.args.matchId);
  const index = event.matchOrder.indexOf(match.id);
  ctx.stash.removed = { match, position: index + 1 };
  const table = tableOf(ctx);
  return transaction([
    txUpdate(
      table,
      ITEM_KEY.event(event.id),
      { expression: `REMOVE #order[${index}]`, names: { '#order': 'matchOrder' } },
      {
        expression: `#stateNow = :upcoming AND #orderNow[${index}] = :id`,
        names: { '#stateNow': 'state', '#orderNow': 'matchOrder' },
        values: { ':upcoming': 'UPCOMING', ':id': match.id },
      },
    ),
    txDelete(table, ITEM_KEY.match(event.id, match.id), { expression: 'attribute_exists(PK)' }),
  ]);
}

export function response(ctx: Context<{ matchId: string }>) {
  const event = ctx.stash.event as EventItem;
  raiseWriteError(ctx, [
    eventConditionError(ctx, event, cardChangedMeanwhile(event)),
    { message: `Match ${ctx.args.matchId} was removed meanwhile`, type: ERROR.notFound },
  ]);
  const removed = ctx.stash.removed as { match: MatchItem; position: number };
  return toMatch(removed.match, removed.position, true);
}
