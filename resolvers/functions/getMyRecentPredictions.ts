import { runtime, util, type Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { raiseDataSourceError } from '../lib/errors';
import { ATTR, KEY } from '../lib/keys';
import { MAX_TRANSACT_ITEMS } from '../lib/transact';

/**
 * The keys of the caller's newest predictions, as many as still fit in the rename transaction next
 * to the profile and the standings stashed by getMyProfileItems. Stashes `predictions`.
 */
export function request(ctx: Context) {
  const room = MAX_TRANSACT_ITEMS - 1 - (ctx.stash.standings as unknown[]).length;
  if (room <= 0) {
    ctx.stash.predictions = [];
    return runtime.earlyReturn([]);
  }
  return {
    operation: 'Query',
    query: {
      expression: '#pk = :pk AND begins_with(#sk, :prefix)',
      expressionNames: { '#pk': ATTR.pk, '#sk': ATTR.sk },
      expressionValues: util.dynamodb.toMapValues({ ':pk': KEY.userPk(caller(ctx).sub), ':prefix': KEY.predictionSkPrefix }),
    },
    projection: { expression: '#keyPk, #keySk', expressionNames: { '#keyPk': ATTR.pk, '#keySk': ATTR.sk } },
    scanIndexForward: false,
    limit: room,
    consistentRead: true,
  };
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  const items = (ctx.result as { items: unknown[] }).items;
  ctx.stash.predictions = items;
  return items;
}
