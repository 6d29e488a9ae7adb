import { util, type Context } from '@aws-appsync/utils';
import { isAdmin } from './lib/caller';
import { toEvent } from './lib/entities/event';
import { cardMatches } from './lib/entities/match';
import { toPrediction } from './lib/entities/prediction';
import { ERROR } from './lib/errors';
import type { QueryEventCardArgs, QueryEventCardResult } from './lib/schema-types';
import type { CardStash } from './lib/stash';

type EventCardContext = Context<QueryEventCardArgs, CardStash>;

/** Pipeline: getEventCard → getMyPrediction. Results show once the event is scored (to admins always). */
export function request(ctx: EventCardContext) {
  if (ctx.args.eventId.length === 0) util.error('eventId must not be empty', ERROR.validation);
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
