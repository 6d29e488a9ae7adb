import { runtime, type Context } from '@aws-appsync/utils';
import { LEAGUE, LEAGUE_LIMIT, type MemberItem } from '@pickem/domain/entities/league';
import type { ItemKey } from '@pickem/domain/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import type { LeagueSource } from '../lib/league';
import { query, type QueryPage } from '../lib/query';
import type { LeagueTableStash } from '../lib/stash';

type GetLeagueMembersContext = Context<
  unknown,
  LeagueTableStash,
  undefined,
  LeagueSource,
  QueryPage<ItemKey & MemberItem>
>;

/**
 * The league's members, stashed as `members`: already read with the league (Query.league and the
 * mutations pass them on), else one Query of the league's partition (myLeagues). Not read at all
 * for League.myRank (`ranksOnly`) when the league carries its table.
 */
export function request(ctx: GetLeagueMembersContext) {
  const source = ctx.source as LeagueSource;
  if (ctx.stash.ranksOnly && source.table !== null && source.table !== undefined) {
    ctx.stash.members = [];
    return runtime.earlyReturn([]);
  }
  const known = source.memberItems;
  if (known !== null && known !== undefined) {
    ctx.stash.members = known;
    return runtime.earlyReturn(known);
  }
  return query(LEAGUE.withMembers((ctx.source as LeagueSource).id), { limit: LEAGUE_LIMIT.membersPerLeague + 1 });
}

export function response(ctx: GetLeagueMembersContext) {
  raiseDataSourceError(ctx.error);
  ctx.stash.members = ctx.result.items.filter((item) => !LEAGUE.is(item));
  return ctx.stash.members;
}
