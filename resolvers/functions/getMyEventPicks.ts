import { runtime, util, type Context, type DynamoDBBatchGetItemRequest } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { PREDICTION, type PredictionItem } from '@pickem/domain/entities/prediction';
import { raiseDataSourceError } from '../lib/errors';
import { pickedOnCard } from '../lib/missing-picks';
import { projection } from '../lib/query';
import type { UpcomingStash } from '../lib/stash';
import { tableOf } from '../lib/transact';
import { touchingChanges } from '@pickem/domain/card-changes';

type GetMyEventPicksContext = Context<
  unknown,
  UpcomingStash,
  undefined,
  undefined,
  { data: Record<string, (Pick<PredictionItem, 'eventId' | 'picks' | 'updatedAt'> | null)[]> }
>;

/**
 * upcomingEvents, after getUpcomingEvents: the caller's prediction of each stashed event (one
 * BatchGetItem of at most 20 keys in the caller's own partition, `eventId`, `picks` and `updatedAt` alone).
 * Stashes `pickCounts` by event id (an event without a prediction is left out: 0), and `cardChanged`:
 * the events whose late card changes touched the prediction (card-changes.ts), and `complete`: the events
 * whose every match on the card is picked.
 */
export function request(ctx: GetMyEventPicksContext): DynamoDBBatchGetItemRequest {
  ctx.stash.pickCounts = {};
  ctx.stash.cardChanged = {};
  ctx.stash.complete = {};
  const me = caller(ctx).sub;
  if (ctx.stash.events.length === 0) return runtime.earlyReturn(null);
  return {
    operation: 'BatchGetItem',
    tables: {
      [tableOf(ctx)]: {
        keys: ctx.stash.events.map((e) => util.dynamodb.toMapValues(PREDICTION.key(me, e.date, e.id))),
        projection: projection(['eventId', 'picks', 'updatedAt']),
      },
    },
  };
}

export function response(ctx: GetMyEventPicksContext) {
  raiseDataSourceError(ctx.error);
  const counts: Record<string, number> = {};
  const changed: Record<string, boolean> = {};
  const complete: Record<string, boolean> = {};
  const events = ctx.stash.events;
  (ctx.result.data[tableOf(ctx)] ?? []).forEach((prediction) => {
    if (!prediction) return;
    counts[prediction.eventId] = prediction.picks.length;
    const event = events.find((e) => e.id === prediction.eventId);
    changed[prediction.eventId] = touchingChanges(event ? event.cardChanges : null, prediction).length > 0;
    complete[prediction.eventId] = !!event && pickedOnCard(event, prediction) === event.matchOrder.length;
  });
  ctx.stash.pickCounts = counts;
  ctx.stash.cardChanged = changed;
  ctx.stash.complete = complete;
  return null;
}
