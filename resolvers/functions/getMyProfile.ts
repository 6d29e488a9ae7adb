import { util, type Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { raiseDataSourceError } from '../lib/errors';
import { ITEM_KEY } from '../lib/records';

/** Reads the caller's profile item; stashes `profile` (null if the caller has none yet). */
export function request(ctx: Context) {
  return {
    operation: 'GetItem',
    key: util.dynamodb.toMapValues(ITEM_KEY.profile(caller(ctx).sub)),
    consistentRead: true,
  };
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  ctx.stash.profile = ctx.result ?? null;
  return ctx.result ?? null;
}
