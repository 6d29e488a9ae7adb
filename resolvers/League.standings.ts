import type { Context } from '@aws-appsync/utils';
import { requireViewer, type LeagueSource } from './lib/league';
import { leagueStandings } from './lib/league-tables';
import type { Standing } from '@pickem/domain/schema-types';
import type { LeagueTableStash } from './lib/stash';

type LeagueStandingsContext = Context<Record<string, never>, LeagueTableStash, undefined, LeagueSource>;

/**
 * Pipeline: getLeagueMembers (known, or one Query) → getMemberStandings (one BatchGetItem: the names
 * now, and the standings of a league without its table). Ranked from the league's stored table, as
 * myRank is.
 */
export function request(ctx: LeagueStandingsContext) {
  requireViewer(ctx.source);
  ctx.stash.ranksOnly = false;
  return {};
}

export function response(ctx: LeagueStandingsContext): Standing[] {
  return leagueStandings(ctx);
}
