import { runtime, type Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { STANDING, type StandingItem } from '@pickem/domain/entities/standing';
import { raiseDataSourceError } from '../lib/errors';
import { getItem } from '../lib/query';
import type { LeagueStash } from '../lib/stash';

type GetMyStandingContext = Context<unknown, LeagueStash, undefined, undefined, StandingItem | null>;

/**
 * createLeague, joinLeague: the caller's standing in the league's season (one strongly consistent
 * GetItem), stashed as `standing` (null: none yet) with its key: their entry in the league's table,
 * held by the write's check of its revision. Skipped without a season (no league found).
 */
export function request(ctx: GetMyStandingContext) {
  ctx.stash.standing = null;
  const key = ctx.stash.seasonId ? STANDING.key(caller(ctx).sub, ctx.stash.seasonId) : null;
  if (key === null) return runtime.earlyReturn(null);
  ctx.stash.standingKey = key;
  return getItem(key, true);
}

export function response(ctx: GetMyStandingContext) {
  raiseDataSourceError(ctx.error);
  ctx.stash.standing = ctx.result ?? null;
  return ctx.result ?? null;
}
