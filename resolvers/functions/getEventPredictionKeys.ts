import { runtime, type Context } from '@aws-appsync/utils';
import { PREDICTION } from '../lib/entities/prediction';
import { keyOf, type ItemKey } from '../lib/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import { MAX_TRANSACT_ITEMS } from '../lib/limits';
import { query, type QueryPage } from '../lib/query';
import type { MutationUpdateEventArgs } from '../lib/schema-types';
import type { EventUpdateStash } from '../lib/stash';

type GetEventPredictionKeysContext = Context<MutationUpdateEventArgs, EventUpdateStash, undefined, undefined, QueryPage<ItemKey>>;

/**
 * For a rename: the keys of the event's predictions (its GSI partition, scored and unscored), as many
 * as fit in the rename's transaction next to the event item. Stashes `predictions`; none when the
 * name does not change or there is no event.
 */
export function request(ctx: GetEventPredictionKeysContext) {
  const { event, name } = ctx.stash;
  if (!event || name === null || name === event.name) {
    ctx.stash.predictions = [];
    return runtime.earlyReturn([]);
  }
  return query(PREDICTION.all(event.id), { limit: MAX_TRANSACT_ITEMS - 1, keysOnly: true });
}

export function response(ctx: GetEventPredictionKeysContext) {
  raiseDataSourceError(ctx.error);
  const keys = ctx.result.items.map(keyOf);
  ctx.stash.predictions = keys;
  return keys;
}
