import type { Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { TYPE } from '../lib/keys';
import { ITEM_KEY } from '../lib/records';
import { raiseWriteError, tableOf, transaction, txUpdate, type ItemKey } from '../lib/transact';

/**
 * Sets the caller's display name on their profile (creating it if needed) and on each of their season
 * standings, in one transaction so the leaderboard never shows two names for one player.
 */
export function request(ctx: Context) {
  const userId = caller(ctx).sub;
  const displayName = ctx.stash.displayName as string;
  const table = tableOf(ctx);
  const standings = (ctx.stash.items as (ItemKey & { type: string })[]).filter((item) => item.type === TYPE.standing);
  const rename = { expression: 'SET #displayName = :name', names: { '#displayName': 'displayName' }, values: { ':name': displayName } };
  return transaction([
    txUpdate(table, ITEM_KEY.profile(userId), {
      expression: 'SET #displayName = :name, #id = :id, #type = :type',
      names: { '#displayName': 'displayName', '#id': 'id', '#type': 'type' },
      values: { ':name': displayName, ':id': userId, ':type': TYPE.profile },
    }),
    ...standings.map((s) => txUpdate(table, { PK: s.PK, SK: s.SK }, rename, { expression: 'attribute_exists(PK)' })),
  ]);
}

export function response(ctx: Context) {
  raiseWriteError(ctx, []);
  return { id: caller(ctx).sub, displayName: ctx.stash.displayName as string };
}
