import { runtime, util, type Context } from '@aws-appsync/utils';
import { SEASON, type SeasonItem } from '@pickem/domain/entities/season';
import { ERROR, raiseDataSourceError } from '../lib/errors';
import { getItem } from '../lib/query';
import type { LeagueStash } from '../lib/stash';

type GetLeagueSeasonContext = Context<unknown, LeagueStash, undefined, undefined, SeasonItem | null>;

/**
 * The league's season (createLeague: the one asked for), stashed as `season`: a calendar year needs
 * no read; a named season is one GetItem (NotFound when there is none). Skipped without a league.
 */
export function request(ctx: GetLeagueSeasonContext) {
  const league = ctx.stash.league;
  const seasonId = league ? league.seasonId : ctx.stash.seasonId;
  if (seasonId === undefined || seasonId === null) return runtime.earlyReturn(null);
  ctx.stash.seasonId = seasonId;
  if (SEASON.isCalendar(seasonId)) {
    ctx.stash.season = SEASON.calendar(SEASON.year(seasonId));
    return runtime.earlyReturn(ctx.stash.season);
  }
  return getItem(SEASON.key(seasonId));
}

export function response(ctx: GetLeagueSeasonContext) {
  raiseDataSourceError(ctx.error);
  if (!ctx.result) util.error(`There is no season ${ctx.stash.seasonId}`, ERROR.notFound);
  ctx.stash.season = ctx.result;
  return ctx.result;
}
