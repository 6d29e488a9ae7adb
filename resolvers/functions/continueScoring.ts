import { runtime, util, type Context, type LambdaRequest } from '@aws-appsync/utils';
import type { ScoringRequest } from '@pickem/domain/scoring';
import type { MutationScoreEventArgs, ScoringReport } from '@pickem/domain/schema-types';

type ContinueScoringContext = Context<MutationScoreEventArgs, Record<string, never>, { result: ScoringReport }>;

/**
 * scoreEvent's last step: when the synchronous pass stopped at its deadline (`finished: false`), the
 * function is invoked again asynchronously (invocationType Event: the mutation answers at once) to
 * finish the pass (a pass is resumable: what is done is not written again) and to announce the final
 * LEADERBOARD and STATE (SCORED) updates. A finished report passes through untouched. A failed start is
 * reported next to the report (util.appendError); running scoreEvent again finishes the job.
 */
export function request(ctx: ContinueScoringContext): LambdaRequest {
  const report = ctx.prev.result;
  if (report.finished) return runtime.earlyReturn(report);
  const payload: ScoringRequest = { eventId: ctx.args.eventId, pass: 'FINAL', announce: {}, async: true };
  return { operation: 'Invoke', invocationType: 'Event', payload };
}

export function response(ctx: ContinueScoringContext): ScoringReport {
  if (ctx.error)
    util.appendError(
      `Scoring stopped before AppSync's time limit and could not be continued: ${ctx.error.message}`,
      ctx.error.type,
    );
  return ctx.prev.result;
}
