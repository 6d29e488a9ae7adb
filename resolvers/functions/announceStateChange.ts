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
 */
export function request(ctx: AnnounceStateChangeContext): LambdaRequest {
  const { event, updated } = ctx.stash;
  if (!event || !updated || updated.state === event.state) return runtime.earlyReturn(ctx.prev.result);
  const payload: ScoringRequest = { eventId: event.id, pass: 'NONE', announce: { state: true }, async: true };
  return { operation: 'Invoke', invocationType: 'Event', payload };
}

export function response(ctx: AnnounceStateChangeContext) {
  if (ctx.error) util.appendError(`The live update could not be started: ${ctx.error.message}`, ctx.error.type);
  return ctx.prev.result;
}
