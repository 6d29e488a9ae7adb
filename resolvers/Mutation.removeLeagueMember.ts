import type { Context } from '@aws-appsync/utils';
import { beginLeagueRequest } from './lib/league';
import type { MutationRemoveLeagueMemberArgs, MutationRemoveLeagueMemberResult } from '@pickem/domain/schema-types';
import type { LeagueStash } from './lib/stash';
import { requiredId } from './lib/validate';

type RemoveLeagueMemberContext = Context<
  MutationRemoveLeagueMemberArgs,
  LeagueStash,
  { result: MutationRemoveLeagueMemberResult }
>;

/** Pipeline: getLeague → getLeagueSeason → writeMemberRemoval. */
export function request(ctx: RemoveLeagueMemberContext) {
  requiredId(ctx.args.userId, 'userId');
  return beginLeagueRequest(ctx, ctx.args.leagueId);
}

export function response(ctx: RemoveLeagueMemberContext): MutationRemoveLeagueMemberResult {
  return ctx.prev.result;
}
