import type { Context } from '@aws-appsync/utils';
import { caller } from './lib/caller';
import { validLeagueName } from './lib/league';
import type { MutationCreateLeagueArgs, MutationCreateLeagueResult } from '@pickem/domain/schema-types';
import type { LeagueStash } from './lib/stash';
import { requiredId } from './lib/validate';

type CreateLeagueContext = Context<MutationCreateLeagueArgs, LeagueStash, { result: MutationCreateLeagueResult }>;

/** Pipeline: getLeagueSeason → getMyStanding → getMyProfile → writeNewLeague. Any signed-in player; they become its commissioner. */
export function request(ctx: CreateLeagueContext) {
  caller(ctx);
  ctx.stash.name = validLeagueName(ctx.args.input.name);
  ctx.stash.seasonId = requiredId(ctx.args.input.seasonId, 'seasonId');
  ctx.stash.league = null;
  return {};
}

export function response(ctx: CreateLeagueContext): MutationCreateLeagueResult {
  return ctx.prev.result;
}
