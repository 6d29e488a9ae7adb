import { runtime, type Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import type { ItemKey } from '@pickem/domain/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import { MAX_TRANSACT_ITEMS } from '@pickem/domain/limits';
import { query, type QueryPage } from '../lib/query';
import type { RenameStash } from '../lib/stash';

type GetMyRecentPredictionsContext = Context<unknown, RenameStash, undefined, undefined, QueryPage<ItemKey>>;

/**
 * The keys of the caller's newest predictions, as many as still fit in the rename transaction next
 * to the profile and the standings stashed by getMyProfileItems. Stashes `predictions`.
 */
export function request(ctx: GetMyRecentPredictionsContext) {
  const room = MAX_TRANSACT_ITEMS - 1 - ctx.stash.standings.length;
  if (room <= 0) {
    ctx.stash.predictions = [];
    return runtime.earlyReturn([]);
  }
  return query(PREDICTION.history(caller(ctx).sub), { limit: room, consistentRead: true, keysOnly: true });
}

export function response(ctx: GetMyRecentPredictionsContext) {
  raiseDataSourceError(ctx.error);
  const items = ctx.result.items;
  ctx.stash.predictions = items;
  return items;
}
