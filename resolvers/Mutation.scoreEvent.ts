import type { Context } from '@aws-appsync/utils';
import { requireAdmin } from './lib/caller';
import type { MutationScoreEventArgs, MutationScoreEventResult } from '@pickem/domain/schema-types';
import { requiredId } from './lib/validate';

type ScoreEventContext = Context<MutationScoreEventArgs, Record<string, never>, { result: MutationScoreEventResult }>;

/**
 * Pipeline: runScoring → continueScoring, both on the scoring Lambda data source. runScoring invokes
 * the function synchronously for the final pass, which stops starting new work before AppSync's 30 s
 * (its deadline) and then answers `finished: false`; continueScoring then invokes it again
 * asynchronously (invocationType Event) to finish. That run publishes the event's LEADERBOARD and
 * STATE (SCORED) updates when it is done (docs/scoring.md).
 */
export function request(ctx: ScoreEventContext) {
  requireAdmin(ctx);
  requiredId(ctx.args.eventId, 'eventId');
  return {};
}

export function response(ctx: ScoreEventContext): MutationScoreEventResult {
  return ctx.prev.result;
}
