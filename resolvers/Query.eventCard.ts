import { util, type Context } from '@aws-appsync/utils';
import { isAdmin } from './lib/caller';
import { toEvent } from './lib/entities/event';
import { cardMatches } from './lib/entities/match';
import type { QueryEventCardArgs, QueryEventCardResult } from './lib/schema-types';
import type { CardStash } from './lib/stash';
import { requiredId } from './lib/validate';
import { leaderboardFinal, resultsVisible, visiblePrediction } from './lib/visibility';

type EventCardContext = Context<QueryEventCardArgs, CardStash>;

/** Pipeline: getEventCard → getMyPrediction. What shows follows lib/visibility.ts. */
export function request(ctx: EventCardContext) {
  requiredId(ctx.args.eventId, 'eventId');
  return {};
}

export function response(ctx: EventCardContext): QueryEventCardResult {
  const { event, myPrediction } = ctx.stash;
  if (!event) return null;
  return {
    event: toEvent(event),
    matches: cardMatches(event, ctx.stash.matches, resultsVisible(event, isAdmin(ctx))),
    myPrediction: myPrediction ? visiblePrediction(myPrediction, event, true, util.time.nowEpochMilliSeconds()) : null,
    leaderboardFinal: leaderboardFinal(event),
  };
}
