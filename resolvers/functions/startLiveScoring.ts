import { runtime, util, type Context, type LambdaRequest } from '@aws-appsync/utils';
import type { ScoringRequest } from '@pickem/domain/scoring';
import type { CardStash } from '../lib/stash';

type StartLiveScoringContext = Context<{ eventId: string; matchId?: string }, CardStash>;

/**
 * The last step of setMatchResult (and of setTieBreakAnswer and setQuestionAnswer: no RESULT), on the scoring Lambda data source: asynchronously (invocationType
 * Event: the mutation answers at once) the function announces the RESULT to the event's subscribers
 * and, while the event is BROADCAST, runs a provisional scoring pass and announces its LEADERBOARD
 * (for the tie-break answer too: it reorders players level on points).
 * Passes the previous step's result through. The result is already written when this runs, so a
 * failed start is reported next to it (util.appendError), not instead of it; the next result
 * entered, or scoreEvent, catches up.
 */
export function request(ctx: StartLiveScoringContext): LambdaRequest {
  const event = ctx.stash.event;
  if (!event) return runtime.earlyReturn(ctx.prev.result);
  const payload: ScoringRequest = {
    eventId: event.id,
    pass: event.state === 'BROADCAST' ? 'PROVISIONAL' : 'NONE',
    // setTieBreakAnswer has no match: the answer reorders players level on points, so its board is news too.
    announce: ctx.args.matchId === undefined ? { leaderboard: true } : { resultOf: ctx.args.matchId },
    async: true,
  };
  return { operation: 'Invoke', invocationType: 'Event', payload };
}

export function response(ctx: StartLiveScoringContext) {
  if (ctx.error) util.appendError(`The live update could not be started: ${ctx.error.message}`, ctx.error.type);
  return ctx.prev.result;
}
