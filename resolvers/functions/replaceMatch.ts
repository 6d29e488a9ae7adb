import type { Context } from '@aws-appsync/utils';
import { eventConditionError, requireCardOpen, stashedEvent, stashedMatches } from '../lib/card';
import { ERROR } from '../lib/errors';
import { toMatch, type EventItem, type MatchItem } from '../lib/items';
import { ITEM_KEY, matchAttributes, matchRecord } from '../lib/records';
import { raiseWriteError, tableOf, transaction, txCheck, txPut } from '../lib/transact';
import { cardMatch, type MatchFields } from '../lib/validate';

/**
 * Replaces a match of an UPCOMING card with the stashed fields (its id and card position stay).
 * The event must still be UPCOMING with the match on its card when the write lands.
 */
export function request(ctx: Context<{ eventId: string; matchId: string }>) {
  const event = stashedEvent(ctx);
  requireCardOpen(event);
  const existing = cardMatch(event, stashedMatches(ctx), ctx.args.matchId);
  const match = matchRecord(event.id, existing.id, ctx.stash.match as MatchFields);
  ctx.stash.replaced = match;
  const table = tableOf(ctx);
  return transaction([
    txCheck(table, ITEM_KEY.event(event.id), {
      expression: '#state = :upcoming AND contains(#order, :id)',
      names: { '#state': 'state', '#order': 'matchOrder' },
      values: { ':upcoming': 'UPCOMING', ':id': match.id },
    }),
    txPut(table, ITEM_KEY.match(event.id, match.id), matchAttributes(match), { expression: 'attribute_exists(PK)' }),
  ]);
}

export function response(ctx: Context<{ matchId: string }>) {
  const event = ctx.stash.event as EventItem;
  const removed = { message: `Match ${ctx.args.matchId} was removed meanwhile`, type: ERROR.notFound };
  raiseWriteError(ctx, [eventConditionError(ctx, event, removed), removed]);
  const match = ctx.stash.replaced as MatchItem;
  return toMatch(match, event.matchOrder.indexOf(match.id) + 1, true);
}
