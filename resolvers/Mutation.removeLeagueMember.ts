import type { Context } from '@aws-appsync/utils';
import { beginMemberRequest } from './lib/league';
import type { MutationRemoveLeagueMemberArgs, MutationRemoveLeagueMemberResult } from '@pickem/domain/schema-types';
import type { LeagueStash } from './lib/stash';

type RemoveLeagueMemberContext = Context<
  MutationRemoveLeagueMemberArgs,
  LeagueStash,
  { result: MutationRemoveLeagueMemberResult }
>;

/** Pipeline: getLeague → getLeagueSeason → writeMemberRemoval. */
export function request(ctx: RemoveLeagueMemberContext) {
  return beginMemberRequest(ctx);
}

export function response(ctx: RemoveLeagueMemberContext): MutationRemoveLeagueMemberResult {
  return ctx.prev.result;
}
