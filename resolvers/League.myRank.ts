import type { Context } from '@aws-appsync/utils';
import { caller } from './lib/caller';
import { requireViewer, type LeagueSource } from './lib/league';
import { leagueStandings } from './lib/league-tables';

import type { LeagueTableStash } from './lib/stash';

type LeagueMyRankContext = Context<Record<string, never>, LeagueTableStash, undefined, LeagueSource>;

/**
 * Pipeline: as League.standings, but reading nothing when the league carries its table (myLeagues'
 * BatchGetItem brought it): the caller's own rank in it (null for an admin who is not a member).
 */
export function request(ctx: LeagueMyRankContext) {
  requireViewer(ctx.source);
  ctx.stash.ranksOnly = true;
  return {};
}

export function response(ctx: LeagueMyRankContext): number | null {
  const me = caller(ctx).sub;
  const mine = leagueStandings(ctx).find((row) => row.userId === me);
  return mine ? mine.rank : null;
}
