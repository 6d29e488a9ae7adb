import { util, type Context } from '@aws-appsync/utils';
import { eventConditionError, requireCardOpen, stashedEvent } from '../lib/card';
import { ERROR } from '../lib/errors';
import { toMatch, type EventItem, type MatchItem } from '../lib/items';
import { MAX_MATCHES_PER_CARD } from '../lib/keys';
import { ITEM_KEY, matchAttributes, matchRecord } from '../lib/records';
import { raiseWriteError, tableOf, transaction, txPut, txUpdate } from '../lib/transact';
import type { MatchFields } from '../lib/validate';

function cardFull(event: EventItem) {
  return { message: `The card of event ${event.id} already has ${MAX_MATCHES_PER_CARD} matches`, type: ERROR.cardFull };
}

/**
 * Appends the stashed match to the card: the match Put and the matchOrder append in one transaction,
 * conditional on the event being UPCOMING with fewer than MAX_MATCHES_PER_CARD matches, so
 * concurrent additions can neither overfill the card nor leave a match outside it.
 */
export function request(ctx: Context<{ eventId: string }>) {
  const event = stashedEvent(ctx);
  requireCardOpen(event);
  if (event.matchOrder.length >= MAX_MATCHES_PER_CARD) {
    const full = cardFull(event);
    util.error(full.message, full.type);
  }
  const match = matchRecord(event.id, util.autoUlid(), ctx.stash.match as MatchFields);
  ctx.stash.created = match;
  const table = tableOf(ctx);
  return transaction([
    txUpdate(
      table,
      ITEM_KEY.event(event.id),
      { expression: 'SET #order = list_append(#order, :ids)', names: { '#order': 'matchOrder' }, values: { ':ids': [match.id] } },
      {
        expression: '#stateNow = :upcoming AND size(#orderNow) < :max',
        names: { '#stateNow': 'state', '#orderNow': 'matchOrder' },
        values: { ':upcoming': 'UPCOMING', ':max': MAX_MATCHES_PER_CARD },
      },
    ),
    txPut(table, ITEM_KEY.match(event.id, match.id), matchAttributes(match), { expression: 'attribute_not_exists(PK)' }),
  ]);
}

export function response(ctx: Context) {
  const event = ctx.stash.event as EventItem;
  raiseWriteError(ctx, [eventConditionError(ctx, event, cardFull(event))]);
  // Concurrent additions may each report the same position; the card order itself is exact.
  return toMatch(ctx.stash.created as MatchItem, event.matchOrder.length + 1, true);
}
