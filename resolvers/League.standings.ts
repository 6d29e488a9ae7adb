import type { Context } from '@aws-appsync/utils';
import { requireViewer, type LeagueSource } from './lib/league';
import { leagueStandings } from './lib/league-tables';
import type { Standing } from '@pickem/domain/schema-types';
import type { LeagueTableStash } from './lib/stash';

type LeagueStandingsContext = Context<Record<string, never>, LeagueTableStash, undefined, LeagueSource>;

/** Pipeline: getLeagueMembers (known, or one Query) → getMemberStandings (one BatchGetItem). */
export function request(ctx: LeagueStandingsContext) {
  requireViewer(ctx.source);
  return {};
}

export function response(ctx: LeagueStandingsContext): Standing[] {
  return leagueStandings(ctx);
}
