import type { Context } from '@aws-appsync/utils';
import { LEAGUE, LEAGUE_LIMIT, type LeagueItem, type MemberItem } from '@pickem/domain/entities/league';
import type { ItemKey } from '@pickem/domain/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import { query, type QueryPage } from '../lib/query';
import type { LeagueStash } from '../lib/stash';

type PartitionItem = ItemKey & (LeagueItem | MemberItem);
type GetLeagueContext = Context<unknown, LeagueStash, undefined, undefined, QueryPage<PartitionItem>>;

/**
 * Reads the league `stash.leagueId` with its members (one Query of its partition, at most
 * membersPerLeague + 1 items; strongly consistent in a mutation). Stashes `league` (null when there
 * is none) and `members`.
 */
export function request(ctx: GetLeagueContext) {
  return query(LEAGUE.withMembers(ctx.stash.leagueId), {
    limit: LEAGUE_LIMIT.membersPerLeague + 1,
    consistentRead: ctx.info.parentTypeName === 'Mutation',
  });
}

export function response(ctx: GetLeagueContext) {
  raiseDataSourceError(ctx.error);
  const items = ctx.result.items;
  const league = items.find((item) => LEAGUE.is(item)) as LeagueItem | undefined;
  ctx.stash.league = league ?? null;
  ctx.stash.members = items.filter((item) => !LEAGUE.is(item)) as MemberItem[];
  return league ?? null;
}
