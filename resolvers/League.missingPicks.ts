import { util, type Context } from '@aws-appsync/utils';
import { caller, isAdmin } from './lib/caller';
import { ERROR } from './lib/errors';
import { requireViewer, type LeagueSource } from './lib/league';
import { nameOf } from './lib/league-tables';
import { emailedByNudge, unpickedOf } from './lib/missing-picks';
import type { LeagueTableStash } from './lib/stash';
import { requiredId } from './lib/validate';
import type { LeagueMissingPicksArgs, LeagueMissingPicksResult } from '@pickem/domain/schema-types';
import { predictionsLocked } from '@pickem/domain/visibility';

type MissingPicksContext = Context<LeagueMissingPicksArgs, LeagueTableStash, undefined, LeagueSource>;

/**
 * Pipeline: getLeagueMembers → getEventCard → getMemberPredictions (as eventLeaderboard, with the
 * members' reminder settings in the same BatchGetItem). The commissioner (or an admin) reads who has not
 * finished picking, and whether a nudge would email each: names only, never picks or addresses.
 */
export function request(ctx: MissingPicksContext) {
  requireViewer(ctx.source);
  const league = ctx.source as LeagueSource;
  if (league.commissionerId !== caller(ctx).sub && !isAdmin(ctx)) {
    util.error("Only the league's commissioner sees who has not picked", ERROR.notCommissioner);
  }
  requiredId(ctx.args.eventId, 'eventId');
  ctx.stash.withReminders = true;
  return {};
}

export function response(ctx: MissingPicksContext): LeagueMissingPicksResult {
  const event = ctx.stash.event;
  if (!event) util.error(`Event ${ctx.args.eventId} not found`, ERROR.notFound);
  const season = (ctx.source as LeagueSource).season;
  if (event!.date < season.startDate || event!.date > season.endDate) {
    util.error("This event is not in the league's season", ERROR.validation);
  }
  if (predictionsLocked(event!, util.time.nowEpochMilliSeconds())) return [];
  const unpicked = unpickedOf(event!, ctx.stash.members, ctx.stash.predictions);
  return ctx.stash.members
    .filter((m) => unpicked[m.userId] !== undefined)
    .map((m) => ({
      id: m.userId,
      displayName: nameOf(ctx.stash, m.userId, m.displayName),
      byEmail: emailedByNudge(ctx.stash.reminders[m.userId]),
    }));
}
