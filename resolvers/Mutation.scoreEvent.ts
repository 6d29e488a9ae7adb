import { util, type Context } from '@aws-appsync/utils';
import { requireAdmin } from './lib/caller';
import { ERROR, raiseDataSourceError } from './lib/errors';
import { requiredId } from './lib/validate';

interface ScoringOutcome {
  report?: { event: unknown; predictionsScored: number; standingsUpdated: number };
  error?: { type: string; message: string };
}

/**
 * Scores an event in the scoring Lambda (the work does not fit one resolver: every prediction of the
 * event and every affected standing). Expected failures (NotFound, InvalidStateTransition,
 * ResultsMissing) come back as `error` and are raised with their type.
 */
export function request(ctx: Context<{ eventId: string }>) {
  requireAdmin(ctx);
  return { operation: 'Invoke', payload: { eventId: requiredId(ctx.args.eventId, 'eventId') } };
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  const outcome = ctx.result as ScoringOutcome | null;
  if (!outcome) util.error('The scoring function returned nothing', ERROR.scoringFailed);
  if (outcome.error) util.error(outcome.error.message, outcome.error.type);
  return outcome.report;
}
