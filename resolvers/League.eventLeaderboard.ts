import type { Context } from '@aws-appsync/utils';
import { requireViewer, type LeagueSource } from './lib/league';
import { leagueEventLeaderboard } from './lib/league-tables';
import type { LeagueEventLeaderboardArgs, LeagueEventLeaderboardResult } from '@pickem/domain/schema-types';
import type { LeagueTableStash } from './lib/stash';
import { requiredId } from './lib/validate';

type LeagueEventLeaderboardContext = Context<LeagueEventLeaderboardArgs, LeagueTableStash, undefined, LeagueSource>;

/** Pipeline: getLeagueMembers → getEventCard (one Query) → getMemberPredictions (one BatchGetItem). */
export function request(ctx: LeagueEventLeaderboardContext) {
  requireViewer(ctx.source);
  requiredId(ctx.args.eventId, 'eventId');
  return {};
}

export function response(ctx: LeagueEventLeaderboardContext): LeagueEventLeaderboardResult {
  return leagueEventLeaderboard(ctx);
}
