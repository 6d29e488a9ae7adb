import type { Context } from '@aws-appsync/utils';
import { beginLeagueRequest } from './lib/league';
import type { MutationLeaveLeagueArgs, MutationLeaveLeagueResult } from '@pickem/domain/schema-types';
import type { LeagueStash } from './lib/stash';

type LeaveLeagueContext = Context<MutationLeaveLeagueArgs, LeagueStash, { result: MutationLeaveLeagueResult }>;

/** Pipeline: getLeague → getLeagueSeason → writeLeave. */
export function request(ctx: LeaveLeagueContext) {
  return beginLeagueRequest(ctx, ctx.args.leagueId);
}

export function response(ctx: LeaveLeagueContext): MutationLeaveLeagueResult {
  return ctx.prev.result;
}
