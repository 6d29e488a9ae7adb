import type { Context } from '@aws-appsync/utils';
import { toEvent } from '@pickem/domain/entities/event';
import type { QueryUpcomingEventsResult } from '@pickem/domain/schema-types';
import type { UpcomingStash } from './lib/stash';

type UpcomingEventsContext = Context<Record<string, never>, UpcomingStash>;

/**
 * Pipeline: getUpcomingEvents (one Query of the index from yesterday on, at most 20) → getMyEventPicks
 * (one BatchGetItem of the caller's predictions for those events). Two requests at any size.
 */
export function request() {
  return {};
}

export function response(ctx: UpcomingEventsContext): QueryUpcomingEventsResult {
  const { events, pickCounts, cardChanged } = ctx.stash;
  return events.map((event) => ({
    event: toEvent(event),
    myPickCount: pickCounts[event.id] ?? 0,
    myCardChanged: cardChanged[event.id] === true,
  }));
}
