import { runtime, util, type Context, type LambdaRequest } from '@aws-appsync/utils';
import type { EventItem } from '@pickem/domain/entities/event';
import type { ReminderRequest } from '@pickem/domain/reminders';

type PlaceRemindersContext = Context<unknown, { event: EventItem | null; updated?: EventItem }>;

/**
 * The last step of createEvent and updateEvent, on the reminder function's data source: when an event
 * was created, or its bell or state changed, the function places its reminder schedules again
 * (asynchronously: the mutation answers at once). The change is already written, so a failed start
 * is reported next to it, not instead of it.
 */
export function request(ctx: PlaceRemindersContext): LambdaRequest {
  const { event, updated } = ctx.stash;
  const changed = updated ? !event || updated.startsAt !== event.startsAt || updated.state !== event.state : !!event;
  if (!event || !changed) return runtime.earlyReturn(ctx.prev.result);
  const payload: ReminderRequest = { action: 'schedule', eventId: event.id };
  return { operation: 'Invoke', invocationType: 'Event', payload };
}

export function response(ctx: PlaceRemindersContext) {
  if (ctx.error) util.appendError(`The reminders could not be scheduled: ${ctx.error.message}`, ctx.error.type);
  return ctx.prev.result;
}
