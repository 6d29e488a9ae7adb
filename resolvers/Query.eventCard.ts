import type { Context } from '@aws-appsync/utils';
import { isAdmin } from './lib/caller';
import { toEvent } from './lib/entities/event';
import { cardMatches } from './lib/entities/match';
import { toPrediction } from './lib/entities/prediction';
import type { QueryEventCardArgs, QueryEventCardResult } from './lib/schema-types';
import type { CardStash } from './lib/stash';
import { requiredId } from './lib/validate';

type EventCardContext = Context<QueryEventCardArgs, CardStash>;

/** Pipeline: getEventCard → getMyPrediction. Results show once the event is scored (to admins always). */
export function request(ctx: EventCardContext) {
  requiredId(ctx.args.eventId, 'eventId');
  return {};
}

export function response(ctx: EventCardContext): QueryEventCardResult {
  const { event, myPrediction } = ctx.stash;
  if (!event) return null;
  const showResults = event.state === 'SCORED' || isAdmin(ctx);
  return {
    event: toEvent(event),
    matches: cardMatches(event, ctx.stash.matches, showResults),
    myPrediction: myPrediction ? toPrediction(myPrediction) : null,
  };
}
