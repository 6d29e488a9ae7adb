import { runtime, type Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { PREDICTION, type PredictionItem } from '@pickem/domain/entities/prediction';
import { raiseDataSourceError } from '../lib/errors';
import { getItem } from '../lib/query';
import type { CardStash } from '../lib/stash';

type GetMyPredictionContext = Context<{ eventId: string }, CardStash, undefined, undefined, PredictionItem | null>;

/** Reads the caller's own prediction for the stashed event (one GetItem; skipped if no event). */
export function request(ctx: GetMyPredictionContext) {
  const { event } = ctx.stash;
  if (!event) return runtime.earlyReturn(null);
  return getItem(PREDICTION.key(caller(ctx).sub, event.date, event.id));
}

export function response(ctx: GetMyPredictionContext) {
  raiseDataSourceError(ctx.error);
  ctx.stash.myPrediction = ctx.result ?? null;
  return ctx.result ?? null;
}
