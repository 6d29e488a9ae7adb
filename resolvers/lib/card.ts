import { util, type Context } from '@aws-appsync/utils';
import { requireAdmin } from './caller';
import { ERROR } from './errors';
import type { EventItem } from '@pickem/domain/entities/event';
import type { MatchItem } from '@pickem/domain/entities/match';
import type { CardStash } from './stash';
import { MAX_CARD_CHANGES } from '@pickem/domain/card-changes';
import { failedCondition, type FailureError } from './transact';
import { requiredId } from './validate';

/** Helpers of the admin pipelines that start with getEventCard (which stashes `event` and `matches`). */

type CardContext = Context<{ eventId: string }, CardStash>;

/** Their request step: admin only, a usable eventId. (Mutations read the card strongly consistent.) */
export function beginCardMutation(ctx: Context<{ eventId: string }>): void {
  requireAdmin(ctx);
  requiredId(ctx.args.eventId, 'eventId');
}

/** The event getEventCard found, or NotFound. */
export function stashedEvent(ctx: CardContext): EventItem {
  const event = ctx.stash.event;
  if (!event) util.error(`There is no event ${ctx.args.eventId}`, ERROR.notFound);
  return event;
}

export function stashedMatches(ctx: CardContext): MatchItem[] {
  return ctx.stash.matches;
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
  const stored = failed ? (failed.item as Partial<EventItem> | null) : null;
  if (stored && stored.state === 'UPCOMING') return whileOpen;
  return { message: `The card of event ${event.id} was locked or removed meanwhile`, type: ERROR.cardLocked };
}

export function cardChangedMeanwhile(event: EventItem): FailureError {
  return {
    message: `The card of event ${event.id} changed meanwhile; reload it and try again`,
    type: ERROR.concurrentModification,
  };
}

/** A late change is stamped on the event item (card-changes.ts), which keeps at most MAX_CARD_CHANGES. */
export function requireRoomForChange(event: EventItem): void {
  if ((event.cardChanges ?? []).length >= MAX_CARD_CHANGES) {
    util.error(
      `The card of event ${event.id} has had ${MAX_CARD_CHANGES} changes, the most it records`,
      ERROR.cardFull,
    );
  }
}
