import { util, type Context } from '@aws-appsync/utils';
import { eventConditionError, requireCardOpen, stashedEvent, stashedMatches } from '../lib/card';
import { EVENT, IF_UPCOMING, toEvent } from '@pickem/domain/entities/event';
import { both } from '@pickem/domain/entities/table';
import { ERROR } from '../lib/errors';
import type { MutationDeleteEventArgs, MutationDeleteEventResult } from '@pickem/domain/schema-types';
import type { CardStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txDelete } from '../lib/transact';

type WriteEventDeletionContext = Context<MutationDeleteEventArgs, CardStash>;

const notEmpty = (eventId: string) => ({
  message: `Event ${eventId} has matches on its card: remove them first (only an empty event can be deleted)`,
  type: ERROR.validation,
});

/**
 * Deletes an UPCOMING event whose card is empty: the event item alone (its index entry goes with it),
 * on the condition that it is still UPCOMING with no match, so a match added meanwhile keeps it. An
 * empty card has no picks to lose, unless its matches were removed after players picked them: those
 * predictions stay in the players' own histories, without points (data-model.md, deleteEvent).
 */
export function request(ctx: WriteEventDeletionContext) {
  const event = stashedEvent(ctx);
  requireCardOpen(event);
  if (event.matchOrder.length > 0 || stashedMatches(ctx).length > 0) {
    const error = notEmpty(event.id);
    util.error(error.message, error.type);
  }
  return transaction([
    txDelete(
      tableOf(ctx),
      EVENT.key(event.id),
      both(IF_UPCOMING, {
        expression: 'size(#matchOrder) = :none',
        names: { '#matchOrder': 'matchOrder' },
        values: { ':none': 0 },
      }),
    ),
  ]);
}

export function response(ctx: WriteEventDeletionContext): MutationDeleteEventResult {
  const event = stashedEvent(ctx);
  raiseWriteError(ctx, [eventConditionError(ctx, event, notEmpty(event.id))]);
  return toEvent(event);
}
