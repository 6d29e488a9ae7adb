import type { Context } from '@aws-appsync/utils';
import { beginLeagueRequest } from './lib/league';
import type { MutationUpdateLeagueArgs, MutationUpdateLeagueResult } from '@pickem/domain/schema-types';
import type { LeagueStash } from './lib/stash';

type UpdateLeagueContext = Context<MutationUpdateLeagueArgs, LeagueStash, { result: MutationUpdateLeagueResult }>;

/** Pipeline: getLeague → getLeagueSeason → writeLeagueUpdate. */
export function request(ctx: UpdateLeagueContext) {
  return beginLeagueRequest(ctx, ctx.args.input.id);
}

export function response(ctx: UpdateLeagueContext): MutationUpdateLeagueResult {
  return ctx.prev.result;
}
