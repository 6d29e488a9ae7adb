import { runtime, util, type Context, type DynamoDBBatchGetItemRequest } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { PREDICTION, type PredictionItem } from '@pickem/domain/entities/prediction';
import { raiseDataSourceError } from '../lib/errors';
import { projection } from '../lib/query';
import type { UpcomingStash } from '../lib/stash';
import { tableOf } from '../lib/transact';

type GetMyEventPicksContext = Context<
  unknown,
  UpcomingStash,
  undefined,
  undefined,
  { data: Record<string, (Pick<PredictionItem, 'eventId' | 'picks'> | null)[]> }
>;

/**
 * upcomingEvents, after getUpcomingEvents: the caller's prediction of each stashed event (one
 * BatchGetItem of at most 20 keys in the caller's own partition, `eventId` and `picks` alone).
 * Stashes `pickCounts` by event id (an event without a prediction is left out: 0).
 */
export function request(ctx: GetMyEventPicksContext): DynamoDBBatchGetItemRequest {
  ctx.stash.pickCounts = {};
  const me = caller(ctx).sub;
  if (ctx.stash.events.length === 0) return runtime.earlyReturn(null);
  return {
    operation: 'BatchGetItem',
    tables: {
      [tableOf(ctx)]: {
        keys: ctx.stash.events.map((e) => util.dynamodb.toMapValues(PREDICTION.key(me, e.date, e.id))),
        projection: projection(['eventId', 'picks']),
      },
    },
  };
}

export function response(ctx: GetMyEventPicksContext) {
  raiseDataSourceError(ctx.error);
  const counts: Record<string, number> = {};
  (ctx.result.data[tableOf(ctx)] ?? []).forEach((prediction) => {
    if (prediction) counts[prediction.eventId] = prediction.picks.length;
  });
  ctx.stash.pickCounts = counts;
  return null;
}
