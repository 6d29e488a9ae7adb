import { runtime, util, type Context } from '@aws-appsync/utils';
import { KEY } from '../lib/keys';
import { caller } from '../lib/caller';
import { raiseDataSourceError } from '../lib/errors';
import type { EventItem } from '../lib/items';

/** Reads the caller's own prediction for the stashed event (one GetItem; skipped if no event). */
export function request(ctx: Context) {
  const event = ctx.stash.event as EventItem | null;
  if (!event) return runtime.earlyReturn(null);
  return {
    operation: 'GetItem',
    key: util.dynamodb.toMapValues({ PK: KEY.userPk(caller(ctx).sub), SK: KEY.predictionSk(event.date, event.id) }),
  };
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  ctx.stash.myPrediction = ctx.result ?? null;
  return ctx.result ?? null;
}
