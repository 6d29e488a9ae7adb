import type { Context } from '@aws-appsync/utils';
import { beginLeagueRequest } from './lib/league';
import type { MutationMarkLeagueReadArgs, MutationMarkLeagueReadResult } from '@pickem/domain/schema-types';
import type { LeagueStash } from './lib/stash';

type MarkLeagueReadContext = Context<MutationMarkLeagueReadArgs, LeagueStash, { result: MutationMarkLeagueReadResult }>;

/** Pipeline: getLeague → getLeagueSeason → writeLeagueRead. */
export function request(ctx: MarkLeagueReadContext) {
  return beginLeagueRequest(ctx, ctx.args.leagueId);
}

export function response(ctx: MarkLeagueReadContext): MutationMarkLeagueReadResult {
  return ctx.prev.result;
}
