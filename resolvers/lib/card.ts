import { util, type Context } from '@aws-appsync/utils';
import { requireAdmin } from './caller';
import { ERROR } from './errors';
import type { EventItem, MatchItem } from './items';
import { failedCondition, type FailureError } from './transact';
import { requiredId } from './validate';

/** Helpers of the admin pipelines that start with getEventCard (which stashes `event` and `matches`). */

/** Their request step: admin only, a usable eventId, and a strongly consistent card read. */
export function beginCardMutation(ctx: Context<{ eventId: string }>): void {
  requireAdmin(ctx);
  requiredId(ctx.args.eventId, 'eventId');
  ctx.stash.consistentRead = true;
}

/** The event getEventCard found, or NotFound. */
export function stashedEvent(ctx: Context): EventItem {
  const event = ctx.stash.event as EventItem | null;
  if (!event) util.error(`There is no event ${(ctx.args as { eventId: string }).eventId}`, ERROR.notFound);
  return event as EventItem;
}

export function stashedMatches(ctx: Context): MatchItem[] {
  return ctx.stash.matches as MatchItem[];
}

/** Card edits (add, update, remove a match) are for UPCOMING events only. */
export function requireCardOpen(event: EventItem): void {
  if (event.state !== 'UPCOMING') {
    util.error(`The card of event ${event.id} is locked: the event is ${event.state}`, ERROR.cardLocked);
  }
}

/**
 * The error for a failed condition on the event item of a card edit: CardLocked when the event is no
 * longer UPCOMING (or gone, or DynamoDB did not return it), else `whileOpen`.
 */
export function eventConditionError(ctx: Context, event: EventItem, whileOpen: FailureError): FailureError {
  const failed = failedCondition(ctx);
  const stored = failed ? (failed.item as EventItem | null) : null;
  if (stored && stored.state === 'UPCOMING') return whileOpen;
  return { message: `The card of event ${event.id} was locked or removed meanwhile`, type: ERROR.cardLocked };
}

export function cardChangedMeanwhile(event: EventItem): FailureError {
  return { message: `The card of event ${event.id} changed meanwhile; reload it and try again`, type: ERROR.concurrentModification };
}
