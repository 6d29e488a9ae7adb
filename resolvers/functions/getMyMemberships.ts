import type { Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { LEAGUE_LIMIT, MEMBERSHIP, type MembershipItem } from '@pickem/domain/entities/league';
import { raiseDataSourceError } from '../lib/errors';
import { query, type QueryPage } from '../lib/query';

type GetMyMembershipsContext = Context<
  unknown,
  { memberships: MembershipItem[] },
  undefined,
  undefined,
  QueryPage<MembershipItem>
>;

/** myLeagues: the caller's memberships, one Query of their partition (at most leaguesPerPlayer items). */
export function request(ctx: GetMyMembershipsContext) {
  return query(MEMBERSHIP.ofUser(caller(ctx).sub), { limit: LEAGUE_LIMIT.leaguesPerPlayer });
}

export function response(ctx: GetMyMembershipsContext) {
  raiseDataSourceError(ctx.error);
  ctx.stash.memberships = ctx.result.items;
  return ctx.result.items;
}
