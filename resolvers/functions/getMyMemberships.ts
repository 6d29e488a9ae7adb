import type { Context } from '@aws-appsync/utils';
import type { MembershipItem } from '@pickem/domain/entities/league';
import { raiseDataSourceError } from '../lib/errors';
import { myMembershipsRequest } from '../lib/memberships';
import type { QueryPage } from '../lib/query';

type GetMyMembershipsContext = Context<
  unknown,
  { memberships: MembershipItem[] },
  undefined,
  undefined,
  QueryPage<MembershipItem>
>;

/** myLeagues: the caller's memberships, one Query of their partition (at most leaguesPerPlayer items). */
export function request(ctx: GetMyMembershipsContext) {
  return myMembershipsRequest(ctx);
}

export function response(ctx: GetMyMembershipsContext) {
  raiseDataSourceError(ctx.error);
  ctx.stash.memberships = ctx.result.items;
  return ctx.result.items;
}
