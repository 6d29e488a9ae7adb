import type { Context } from '@aws-appsync/utils';
import { beginLeagueRequest } from './lib/league';
import type { MutationRotateLeagueCodeArgs, MutationRotateLeagueCodeResult } from '@pickem/domain/schema-types';
import type { LeagueStash } from './lib/stash';

type RotateLeagueCodeContext = Context<
  MutationRotateLeagueCodeArgs,
  LeagueStash,
  { result: MutationRotateLeagueCodeResult }
>;

/** Pipeline: getLeague → getLeagueSeason → writeCodeRotation. */
export function request(ctx: RotateLeagueCodeContext) {
  return beginLeagueRequest(ctx, ctx.args.leagueId);
}

export function response(ctx: RotateLeagueCodeContext): MutationRotateLeagueCodeResult {
  return ctx.prev.result;
}
