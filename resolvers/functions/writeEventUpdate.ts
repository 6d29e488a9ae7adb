import { runtime, util, type Context, type DynamoDBUpdateItemRequest } from '@aws-appsync/utils';
import { EVENT, EVENT_LIMIT, toEvent, type EventItem } from '../lib/entities/event';
import { ERROR } from '../lib/errors';
import type { MutationUpdateEventArgs, MutationUpdateEventResult } from '../lib/schema-types';
import type { EventUpdateStash } from '../lib/stash';
import { raiseWriteError, typed } from '../lib/transact';
import { nextState, normalisedInstant, requiredText } from '../lib/validate';

type WriteEventUpdateContext = Context<MutationUpdateEventArgs, EventUpdateStash, undefined, undefined, EventItem>;

/** The event getEvent found, or NotFound. */
function stashedEvent(ctx: WriteEventUpdateContext): EventItem {
  const { event } = ctx.stash;
  if (!event) util.error(`There is no event ${ctx.args.input.id}`, ERROR.notFound);
  return event;
}

/**
 * Applies updateEvent's changes to the stashed event: name, startsAt, and a lifecycle step forward.
 * Nothing to change: no write. The write is conditional on the state read, so two admins cannot
 * race the event through different transitions.
 */
export function request(ctx: WriteEventUpdateContext): DynamoDBUpdateItemRequest {
  const event = stashedEvent(ctx);
  const { input } = ctx.args;
  const updated: EventItem = { ...event };
  if (input.name !== null && input.name !== undefined) updated.name = requiredText(input.name, 'name', EVENT_LIMIT.name);
  if (input.startsAt !== null && input.startsAt !== undefined) {
    const startsAt = normalisedInstant(input.startsAt);
    updated.startsAt = startsAt.iso;
    updated.startsAtMs = startsAt.ms;
  }
  if (input.state !== null && input.state !== undefined) updated.state = nextState(event.state, input.state);
  if (updated.name === event.name && updated.startsAtMs === event.startsAtMs && updated.state === event.state) {
    return runtime.earlyReturn(toEvent(event));
  }
  return {
    operation: 'UpdateItem',
    key: util.dynamodb.toMapValues(EVENT.key(event.id)),
    update: typed({
      expression: 'SET #name = :name, #startsAt = :startsAt, #startsAtMs = :startsAtMs, #state = :state',
      names: { '#name': 'name', '#startsAt': 'startsAt', '#startsAtMs': 'startsAtMs', '#state': 'state' },
      values: { ':name': updated.name, ':startsAt': updated.startsAt, ':startsAtMs': updated.startsAtMs, ':state': updated.state },
    }),
    condition: typed({
      expression: '#stateNow = :current',
      names: { '#stateNow': 'state' },
      values: { ':current': event.state },
    }),
  };
}

export function response(ctx: WriteEventUpdateContext): MutationUpdateEventResult {
  const event = stashedEvent(ctx);
  raiseWriteError(ctx, [
    { message: `Event ${event.id} changed meanwhile (it is no longer ${event.state}); reload it and try again`, type: ERROR.concurrentModification },
  ]);
  return toEvent(ctx.result);
}
