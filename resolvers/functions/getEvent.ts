import { util, type Context } from '@aws-appsync/utils';
import { raiseDataSourceError } from '../lib/errors';
import { ITEM_KEY } from '../lib/records';

/** Reads the event item `ctx.stash.eventId` (strongly consistent); stashes `event` (null if none). */
export function request(ctx: Context) {
  return {
    operation: 'GetItem',
    key: util.dynamodb.toMapValues(ITEM_KEY.event(ctx.stash.eventId as string)),
    consistentRead: true,
  };
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  ctx.stash.event = ctx.result ?? null;
  return ctx.result ?? null;
}
