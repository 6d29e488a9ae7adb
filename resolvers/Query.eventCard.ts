import { util, type Context } from '@aws-appsync/utils';
import { ERROR } from './lib/errors';
import { isAdmin } from './lib/caller';
import { cardMatches, toEvent, toPrediction, type EventItem, type MatchItem, type PredictionItem } from './lib/items';

/** Pipeline: getEventCard → getMyPrediction. Results show once the event is scored (to admins always). */
export function request(ctx: Context<{ eventId: string }>) {
  if (ctx.args.eventId.length === 0) util.error('eventId must not be empty', ERROR.validation);
  return {};
}

export function response(ctx: Context) {
  const event = ctx.stash.event as EventItem | null;
  if (!event) return null;
  const prediction = ctx.stash.myPrediction as PredictionItem | null;
  const showResults = event.state === 'SCORED' || isAdmin(ctx);
  return {
    event: toEvent(event),
    matches: cardMatches(event, ctx.stash.matches as MatchItem[], showResults),
    myPrediction: prediction ? toPrediction(prediction) : null,
  };
}
