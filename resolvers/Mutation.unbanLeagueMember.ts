import type { Context } from '@aws-appsync/utils';
import { beginLeagueRequest } from './lib/league';
import type { MutationUnbanLeagueMemberArgs, MutationUnbanLeagueMemberResult } from '@pickem/domain/schema-types';
import type { LeagueStash } from './lib/stash';
import { requiredId } from './lib/validate';

type UnbanLeagueMemberContext = Context<
  MutationUnbanLeagueMemberArgs,
  LeagueStash,
  { result: MutationUnbanLeagueMemberResult }
>;

/** Pipeline: getLeague → getLeagueSeason → writeUnban. */
export function request(ctx: UnbanLeagueMemberContext) {
  requiredId(ctx.args.userId, 'userId');
  return beginLeagueRequest(ctx, ctx.args.leagueId);
}

export function response(ctx: UnbanLeagueMemberContext): MutationUnbanLeagueMemberResult {
  return ctx.prev.result;
}
