import { util, type Context } from '@aws-appsync/utils';
import { INVITE_CODE } from '@pickem/domain/entities/league';
import { ERROR, raiseDataSourceError } from '../lib/errors';
import { getItem } from '../lib/query';
import type { LeagueStash } from '../lib/stash';

type GetCodeLeagueContext = Context<unknown, LeagueStash, undefined, undefined, { leagueId: string } | null>;

/** joinLeague: the league of the typed code (one GetItem of the code item); InvalidCode when there is none. */
export function request(ctx: GetCodeLeagueContext) {
  return getItem(INVITE_CODE.key(ctx.stash.code), true);
}

export function response(ctx: GetCodeLeagueContext) {
  raiseDataSourceError(ctx.error);
  if (!ctx.result) util.error('No league has this invite code', ERROR.invalidCode);
  ctx.stash.leagueId = ctx.result.leagueId;
  return ctx.result;
}
