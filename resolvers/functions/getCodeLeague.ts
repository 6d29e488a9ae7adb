import type { Context } from '@aws-appsync/utils';
import { INVITE_CODE } from '@pickem/domain/entities/league';
import { raiseDataSourceError } from '../lib/errors';
import { getItem } from '../lib/query';
import type { LeagueStash } from '../lib/stash';

type GetCodeLeagueContext = Context<unknown, LeagueStash, undefined, undefined, { leagueId: string } | null>;

/**
 * joinLeague, leaguePreview: the league of the typed code (one GetItem of the code item). No such code: `wrongCode`,
 * which checkJoinAttempts counts before answering InvalidCode.
 */
export function request(ctx: GetCodeLeagueContext) {
  return getItem(INVITE_CODE.key(ctx.stash.code), true);
}

export function response(ctx: GetCodeLeagueContext) {
  raiseDataSourceError(ctx.error);
  ctx.stash.wrongCode = !ctx.result;
  if (ctx.result) ctx.stash.leagueId = ctx.result.leagueId;
  return ctx.result ?? null;
}
