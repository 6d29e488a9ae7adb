import { util, type Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { raiseDataSourceError } from '../lib/errors';
import { KEY } from '../lib/keys';
import { MAX_TRANSACT_ITEMS } from '../lib/transact';

/**
 * The caller's profile item and season standings: one Query from PROFILE onwards in their partition
 * (as Query.userProfile reads it), sized so that all of them fit in one transaction. Stashes `items`.
 */
export function request(ctx: Context) {
  return {
    operation: 'Query',
    query: {
      expression: '#pk = :pk AND #sk >= :profile',
      expressionNames: { '#pk': 'PK', '#sk': 'SK' },
      expressionValues: util.dynamodb.toMapValues({ ':pk': KEY.userPk(caller(ctx).sub), ':profile': KEY.profileSk }),
    },
    limit: MAX_TRANSACT_ITEMS - 1,
    consistentRead: true,
  };
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  const items = (ctx.result as { items: unknown[] }).items;
  ctx.stash.items = items;
  return items;
}
