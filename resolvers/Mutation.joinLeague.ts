import { util, type Context } from '@aws-appsync/utils';
import { caller } from './lib/caller';
import { ERROR } from './lib/errors';
import { typedInviteCode } from '@pickem/domain/invite-code';
import type { MutationJoinLeagueArgs, MutationJoinLeagueResult } from '@pickem/domain/schema-types';
import type { LeagueStash } from './lib/stash';

type JoinLeagueContext = Context<MutationJoinLeagueArgs, LeagueStash, { result: MutationJoinLeagueResult }>;

/**
 * Pipeline: getCodeLeague → checkJoinAttempts → getLeague → getLeagueSeason → getMyStanding →
 * getMyProfile → writeJoin.
 */
export function request(ctx: JoinLeagueContext) {
  caller(ctx);
  const code = typedInviteCode(ctx.args.code);
  if (code === null) util.error('No league has this invite code', ERROR.invalidCode);
  ctx.stash.code = code;
  return {};
}

export function response(ctx: JoinLeagueContext): MutationJoinLeagueResult {
  return ctx.prev.result;
}
