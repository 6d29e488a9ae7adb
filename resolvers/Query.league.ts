import type { Context } from '@aws-appsync/utils';
import { ERROR } from './lib/errors';
import { beginLeagueRequest, myReadCount, raise, toLeague, viewerOf, type LeagueSource } from './lib/league';
import type { QueryLeagueArgs } from '@pickem/domain/schema-types';
import type { LeagueStash } from './lib/stash';

type LeagueContext = Context<QueryLeagueArgs, LeagueStash>;

/** Pipeline: getLeague (league and members, one Query) → getLeagueSeason (none for a calendar year). */
export function request(ctx: LeagueContext) {
  return beginLeagueRequest(ctx, ctx.args.leagueId);
}

/**
 * Null for an unknown league; NotMember for a league the caller is not in (admins see every league).
 * The League's tables are its own fields' resolvers.
 */
export function response(ctx: LeagueContext): LeagueSource | null {
  const { league, members } = ctx.stash;
  if (!league) return null;
  const viewer = viewerOf(ctx, members);
  if (viewer === 'none') raise({ message: `You are not a member of league ${league.id}`, type: ERROR.notMember });
  return toLeague(league, ctx.stash.season, members, viewer, myReadCount(ctx, members));
}
