import { util, type Context, type LambdaRequest } from '@aws-appsync/utils';
import { requireAdmin } from './lib/caller';
import { ERROR, raiseDataSourceError } from './lib/errors';
import type { ScoringOutcome, ScoringRequest } from './lib/scoring';
import type { MutationScoreEventArgs, MutationScoreEventResult } from './lib/schema-types';
import { requiredId } from './lib/validate';

type ScoreEventContext = Context<MutationScoreEventArgs, Record<string, never>, undefined, undefined, ScoringOutcome | null>;

/**
 * Scores an event in the scoring Lambda (the work does not fit one resolver: every prediction of the
 * event and every affected standing). Expected failures (NotFound, InvalidStateTransition,
 * ResultsMissing) come back as `error` and are raised with their type. The function announces the
 * final LEADERBOARD and the SCORED state to the event's subscribers; if that fails, the report is
 * still returned, with the failure next to it (running scoreEvent again is safe).
 */
export function request(ctx: ScoreEventContext): LambdaRequest {
  requireAdmin(ctx);
  const payload: ScoringRequest = { eventId: requiredId(ctx.args.eventId, 'eventId'), pass: 'FINAL', announce: {} };
  return { operation: 'Invoke', payload };
}

export function response(ctx: ScoreEventContext): MutationScoreEventResult {
  raiseDataSourceError(ctx.error);
  const outcome = ctx.result;
  if (!outcome) util.error('The scoring function returned nothing', ERROR.scoringFailed);
  if (outcome.error) util.error(outcome.error.message, outcome.error.type);
  if (outcome.announceError) util.appendError(outcome.announceError.message, outcome.announceError.type);
  return outcome.report;
}
