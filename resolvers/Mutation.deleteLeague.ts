import type { Context } from '@aws-appsync/utils';
import { beginLeagueRequest } from './lib/league';
import type { MutationDeleteLeagueArgs, MutationDeleteLeagueResult } from '@pickem/domain/schema-types';
import type { LeagueStash } from './lib/stash';

type DeleteLeagueContext = Context<MutationDeleteLeagueArgs, LeagueStash, { result: MutationDeleteLeagueResult }>;

/** Pipeline: getLeague → getLeagueSeason → writeLeagueDeletion. */
export function request(ctx: DeleteLeagueContext) {
  return beginLeagueRequest(ctx, ctx.args.leagueId);
}

export function response(ctx: DeleteLeagueContext): MutationDeleteLeagueResult {
  return ctx.prev.result;
}
