import { util, type Context } from '@aws-appsync/utils';
import { toEvent } from '@pickem/domain/entities/event';
import type { QueryUpcomingEventsResult } from '@pickem/domain/schema-types';
import { predictionsLocked } from '@pickem/domain/visibility';
import type { UpcomingStash } from './lib/stash';

type UpcomingEventsContext = Context<Record<string, never>, UpcomingStash>;

/**
 * Pipeline: getUpcomingEvents (one Query of the index from yesterday on, at most 20) → getMyEventPicks
 * (one BatchGetItem of the caller's predictions for those events) → getMyNudges (one Query of the
 * caller's nudges) → getNudgeMemberships (one Query of the caller's memberships, only when there are
 * nudges: those of leagues the caller is no longer in are dropped). Three requests at any size, four
 * with a nudge. A nudge shows until the card is picked or the bell.
 */
export function request() {
  return {};
}

export function response(ctx: UpcomingEventsContext): QueryUpcomingEventsResult {
  const { events, pickCounts, cardChanged, complete, nudges } = ctx.stash;
  const now = util.time.nowEpochMilliSeconds();
  return events.map((event) => ({
    event: toEvent(event),
    myPickCount: pickCounts[event.id] ?? 0,
    myCardChanged: cardChanged[event.id] === true,
    myNudges:
      complete[event.id] === true || predictionsLocked(event, now)
        ? []
        : (nudges[event.id] ?? []).map((n) => ({
            id: n.id,
            leagueId: n.leagueId,
            leagueName: n.leagueName,
            byName: n.byName,
            nudgedAt: n.nudgedAt,
          })),
  }));
}
