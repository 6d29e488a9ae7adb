import { util, type Context } from '@aws-appsync/utils';
import { eventConditionError, requireCardOpen, stashedEvent } from '../lib/card';
import { EVENT, IF_UPCOMING, type EventItem } from '@pickem/domain/entities/event';
import { MATCH, MAX_MATCHES_PER_CARD, toMatch, type MatchItem } from '@pickem/domain/entities/match';
import { IF_NEW, both } from '@pickem/domain/entities/table';
import { ERROR } from '../lib/errors';
import type { MutationAddMatchArgs, MutationAddMatchResult } from '@pickem/domain/schema-types';
import type { CardStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txPut, txUpdate } from '../lib/transact';

type AppendMatchContext = Context<MutationAddMatchArgs, CardStash & { created: MatchItem }>;

function cardFull(event: EventItem) {
  return { message: `The card of event ${event.id} already has ${MAX_MATCHES_PER_CARD} matches`, type: ERROR.cardFull };
}

/**
 * Appends the stashed match to the card: the match Put and the matchOrder append in one transaction,
 * conditional on the event being UPCOMING with fewer than MAX_MATCHES_PER_CARD matches, so
 * concurrent additions can neither overfill the card nor leave a match outside it.
 */
export function request(ctx: AppendMatchContext) {
  const event = stashedEvent(ctx);
  requireCardOpen(event);
  if (event.matchOrder.length >= MAX_MATCHES_PER_CARD) {
    const full = cardFull(event);
    util.error(full.message, full.type);
  }
  const match = MATCH.record(event.id, util.autoUlid(), ctx.stash.match);
  ctx.stash.created = match;
  const table = tableOf(ctx);
  return transaction([
    txUpdate(
      table,
      EVENT.key(event.id),
      {
        expression: 'SET #order = list_append(#order, :ids)',
        names: { '#order': 'matchOrder' },
        values: { ':ids': [match.id] },
      },
      both(IF_UPCOMING, {
        expression: 'size(#orderNow) < :max',
        names: { '#orderNow': 'matchOrder' },
        values: { ':max': MAX_MATCHES_PER_CARD },
      }),
    ),
    txPut(table, MATCH.key(event.id, match.id), MATCH.attributes(match), IF_NEW),
  ]);
}

export function response(ctx: AppendMatchContext): MutationAddMatchResult {
  const event = stashedEvent(ctx);
  raiseWriteError(ctx, [eventConditionError(ctx, event, cardFull(event))]);
  // Concurrent additions may each report the same position; the card order itself is exact.
  return toMatch(ctx.stash.created, event.matchOrder.length + 1, true);
}
