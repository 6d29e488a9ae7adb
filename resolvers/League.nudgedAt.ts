import { util, type Context } from '@aws-appsync/utils';
import { LEAGUE_NUDGE } from '@pickem/domain/entities/nudge';
import type { LeagueNudgedAtArgs, LeagueNudgedAtResult } from '@pickem/domain/schema-types';
import { caller, isAdmin } from './lib/caller';
import { ERROR, raiseDataSourceError } from './lib/errors';
import { requireViewer, type LeagueSource } from './lib/league';
import { getItem } from './lib/query';
import { requiredId } from './lib/validate';

type NudgedAtContext = Context<LeagueNudgedAtArgs, object, LeagueSource, undefined, { nudgedAt: string } | null>;

/** For the commissioner (or an admin): when the league was nudged for the event, one GetItem of its mark. */
export function request(ctx: NudgedAtContext) {
  const league = requireViewer(ctx.source);
  if (league.commissionerId !== caller(ctx).sub && !isAdmin(ctx)) {
    util.error("Only the league's commissioner sees its nudges", ERROR.notCommissioner);
  }
  requiredId(ctx.args.eventId, 'eventId');
  return getItem(LEAGUE_NUDGE.key(league.id, ctx.args.eventId));
}

export function response(ctx: NudgedAtContext): LeagueNudgedAtResult {
  raiseDataSourceError(ctx.error);
  return ctx.result ? ctx.result.nudgedAt : null;
}
