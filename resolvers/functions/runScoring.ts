import { util, type Context, type LambdaRequest } from '@aws-appsync/utils';
import { ERROR, raiseDataSourceError } from '../lib/errors';
import type { ScoringOutcome, ScoringRequest } from '@pickem/domain/scoring';
import type { MutationScoreEventArgs, ScoringReport } from '@pickem/domain/schema-types';

type RunScoringContext = Context<
  MutationScoreEventArgs,
  Record<string, never>,
  undefined,
  undefined,
  ScoringOutcome | null
>;

/**
 * scoreEvent's first step: the final pass, invoked synchronously (the function's deadline makes it
 * answer within AppSync's 30 s, `finished: false` if players are left). Expected failures (NotFound,
 * InvalidStateTransition, ResultsMissing) come back as `error` and are raised with their type. A
 * finished pass announces the final LEADERBOARD and the SCORED state; if that fails, the report is
 * still returned, with the failure next to it (running scoreEvent again is safe).
 */
export function request(ctx: RunScoringContext): LambdaRequest {
  const payload: ScoringRequest = { eventId: ctx.args.eventId, pass: 'FINAL', announce: {} };
  return { operation: 'Invoke', payload };
}

export function response(ctx: RunScoringContext): ScoringReport {
  raiseDataSourceError(ctx.error);
  const outcome = ctx.result;
  if (!outcome) util.error('The scoring function returned nothing', ERROR.scoringFailed);
  if (outcome.error) util.error(outcome.error.message, outcome.error.type);
  if (outcome.announceError) util.appendError(outcome.announceError.message, outcome.announceError.type);
  return outcome.report;
}
