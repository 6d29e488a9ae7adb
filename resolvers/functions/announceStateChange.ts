import { runtime, util, type Context, type LambdaRequest } from '@aws-appsync/utils';
import type { MutationUpdateEventArgs } from '@pickem/domain/schema-types';
import type { ScoringRequest } from '@pickem/domain/scoring';
import type { EventUpdateStash } from '../lib/stash';

type AnnounceStateChangeContext = Context<MutationUpdateEventArgs, EventUpdateStash>;

/**
 * The last step of updateEvent, on the scoring Lambda data source: when the state changed, the
 * function announces it (a STATE update) to the event's subscribers, asynchronously (invocationType
 * Event: the mutation answers at once). Nothing changed, or only the name or start: no invocation.
 * The change is already written, so a failed start is reported next to it, not instead of it.
 *
 * Going BROADCAST, it also runs a live pass: predictions are locked from now on, so the pass lists
 * the players from the entries once, before any result, and the first result's pass starts from the
 * board's rows as every later one does (docs/scoring.md). Such a board, built on no result
 * (`cardRev` 0), is not shown (`shownHead`) and announces no LEADERBOARD.
 */
export function request(ctx: AnnounceStateChangeContext): LambdaRequest {
  const { event, updated } = ctx.stash;
  if (!event || !updated || updated.state === event.state) return runtime.earlyReturn(ctx.prev.result);
  const payload: ScoringRequest = {
    eventId: event.id,
    pass: updated.state === 'BROADCAST' ? 'PROVISIONAL' : 'NONE',
    announce: { state: true },
    async: true,
  };
  return { operation: 'Invoke', invocationType: 'Event', payload };
}

export function response(ctx: AnnounceStateChangeContext) {
  if (ctx.error) util.appendError(`The live update could not be started: ${ctx.error.message}`, ctx.error.type);
  return ctx.prev.result;
}
