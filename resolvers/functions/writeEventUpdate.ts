import { runtime, util, type Context } from '@aws-appsync/utils';
import { EVENT, toEvent, type EventItem } from '@pickem/domain/entities/event';
import { TABLE } from '@pickem/domain/entities/table';
import { ERROR } from '../lib/errors';
import type { MutationUpdateEventArgs, MutationUpdateEventResult } from '@pickem/domain/schema-types';
import type { EventUpdateStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txUpdate } from '../lib/transact';
import { nextState, validStart } from '../lib/validate';

type WriteEventUpdateContext = Context<MutationUpdateEventArgs, EventUpdateStash>;

/** The event getEvent found, or NotFound. */
function stashedEvent(ctx: WriteEventUpdateContext): EventItem {
  const { event } = ctx.stash;
  if (!event) util.error(`There is no event ${ctx.args.input.id}`, ERROR.notFound);
  return event;
}

/**
 * Applies updateEvent's changes to the stashed event: name, startsAt, and a lifecycle step forward.
 * Nothing to change: no write. The event's write is conditional on the state read, so two admins
 * cannot race the event through different transitions. A new name is written on the event alone: a
 * player's history reads the event's name from the event item (getHistoryEvents), so no prediction is
 * rewritten, whatever the number of players.
 */
export function request(ctx: WriteEventUpdateContext) {
  const event = stashedEvent(ctx);
  const { input } = ctx.args;
  const { name } = ctx.stash;
  const updated: EventItem = { ...event };
  if (name !== null) updated.name = name;
  if (input.startsAt !== null && input.startsAt !== undefined) {
    const startsAt = validStart(event.date, input.startsAt);
    updated.startsAt = startsAt.iso;
    updated.startsAtMs = startsAt.ms;
  }
  if (input.state !== null && input.state !== undefined) updated.state = nextState(event.state, input.state);
  if (updated.name === event.name && updated.startsAtMs === event.startsAtMs && updated.state === event.state) {
    return runtime.earlyReturn(toEvent(event));
  }
  ctx.stash.updated = updated;
  const table = tableOf(ctx);
  const eventUpdate = txUpdate(
    table,
    EVENT.key(event.id),
    {
      // The index key follows the bell: the events list orders a day's events by it.
      expression:
        'SET #name = :name, #startsAt = :startsAt, #startsAtMs = :startsAtMs, #state = :state, #gsiSk = :gsiSk',
      names: {
        '#name': 'name',
        '#startsAt': 'startsAt',
        '#startsAtMs': 'startsAtMs',
        '#state': 'state',
        '#gsiSk': TABLE.gsiSk,
      },
      values: {
        ':name': updated.name,
        ':startsAt': updated.startsAt,
        ':startsAtMs': updated.startsAtMs,
        ':state': updated.state,
        ':gsiSk': EVENT.gsiSk(updated),
      },
    },
    { expression: '#stateNow = :current', names: { '#stateNow': 'state' }, values: { ':current': event.state } },
  );
  return transaction([eventUpdate]);
}

export function response(ctx: WriteEventUpdateContext): MutationUpdateEventResult {
  const event = stashedEvent(ctx);
  raiseWriteError(ctx, [
    {
      message: `Event ${event.id} changed meanwhile (it is no longer ${event.state}); reload it and try again`,
      type: ERROR.concurrentModification,
    },
  ]);
  return toEvent(ctx.stash.updated);
}
