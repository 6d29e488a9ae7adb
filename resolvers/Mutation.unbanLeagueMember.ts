import type { Context } from '@aws-appsync/utils';
import { beginMemberRequest } from './lib/league';
import type { MutationUnbanLeagueMemberArgs, MutationUnbanLeagueMemberResult } from '@pickem/domain/schema-types';
import type { LeagueStash } from './lib/stash';

type UnbanLeagueMemberContext = Context<
  MutationUnbanLeagueMemberArgs,
  LeagueStash,
  { result: MutationUnbanLeagueMemberResult }
>;

/** Pipeline: getLeague → getLeagueSeason → writeUnban. */
export function request(ctx: UnbanLeagueMemberContext) {
  return beginMemberRequest(ctx);
}

export function response(ctx: UnbanLeagueMemberContext): MutationUnbanLeagueMemberResult {
  return ctx.prev.result;
}
