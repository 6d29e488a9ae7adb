import { runtime, util, type Context, type LambdaRequest } from '@aws-appsync/utils';
import type { ScoringRequest } from '../lib/scoring';
import type { CardStash } from '../lib/stash';

type StartLiveScoringContext = Context<{ eventId: string }, CardStash>;

/**
 * The last step of setMatchResult on the scoring Lambda data source: while the event is BROADCAST,
 * starts a provisional scoring pass asynchronously (invocationType Event: the mutation answers at
 * once and the leaderboard catches up when the pass has run). Passes the previous step's result
 * through. The result is already written when this runs, so a failed start is reported next to it
 * (util.appendError), not instead of it; the next result entered, or scoreEvent, catches up.
 */
export function request(ctx: StartLiveScoringContext): LambdaRequest {
  const event = ctx.stash.event;
  if (!event || event.state !== 'BROADCAST') return runtime.earlyReturn(ctx.prev.result);
  const payload: ScoringRequest = { eventId: event.id, provisional: true };
  return { operation: 'Invoke', invocationType: 'Event', payload };
}

export function response(ctx: StartLiveScoringContext) {
  if (ctx.error) util.appendError(`The live leaderboard could not be updated: ${ctx.error.message}`, ctx.error.type);
  return ctx.prev.result;
}
