import type { Context } from '@aws-appsync/utils';
import { EVENT, toEvent, type EventItem } from '@pickem/domain/entities/event';
import { SEASON } from '@pickem/domain/entities/season';
import { IF_NEW } from '@pickem/domain/entities/table';
import { ERROR } from '../lib/errors';
import type { MutationCreateEventResult } from '@pickem/domain/schema-types';
import { raiseWriteError, tableOf, transaction, txPut } from '../lib/transact';

type WriteNewEventContext = Context<unknown, { event: EventItem }>;

/**
 * Writes the new event (createEvent's) and its calendar-year season's item. A one-entry transaction
 * rather than a PutItem: AppSync reports a PutItem whose condition fails as a success when the stored
 * item equals the new one, and creating the same event twice must be a ConflictError.
 */
export function request(ctx: WriteNewEventContext) {
  const { event } = ctx.stash;
  // The event's calendar-year season is written (again: the same item) so that the seasons list shows it.
  const year = SEASON.calendar(event.season);
  return transaction([
    txPut(tableOf(ctx), EVENT.key(event.id), EVENT.attributes(event), IF_NEW),
    txPut(tableOf(ctx), SEASON.key(year.id), SEASON.attributes(year)),
  ]);
}

export function response(ctx: WriteNewEventContext): MutationCreateEventResult {
  const { event } = ctx.stash;
  raiseWriteError(ctx, [{ message: `An event with id ${event.id} already exists`, type: ERROR.conflict }]);
  return toEvent(event);
}
