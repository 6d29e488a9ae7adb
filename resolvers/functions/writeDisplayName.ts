import type { Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { ITEM_KEY, profileUpdate } from '../lib/records';
import { raiseWriteError, tableOf, transaction, txUpdate, type ItemKey } from '../lib/transact';

/**
 * Sets the caller's display name on their profile (creating it if needed), on each of their season
 * standings and on their newest predictions (the leaderboards), in one transaction, so a player never
 * shows under two names. Predictions beyond the transaction's 100 items keep the old name until
 * their event is re-scored (scoring copies the profile's name).
 */
export function request(ctx: Context) {
  const userId = caller(ctx).sub;
  const displayName = ctx.stash.displayName as string;
  const table = tableOf(ctx);
  const standings = ctx.stash.standings as ItemKey[];
  const predictions = ctx.stash.predictions as ItemKey[];
  const rename = { expression: 'SET #displayName = :name', names: { '#displayName': 'displayName' }, values: { ':name': displayName } };
  const exists = { expression: 'attribute_exists(PK)' };
  return transaction([
    txUpdate(table, ITEM_KEY.profile(userId), profileUpdate(userId, displayName, false)),
    ...[...standings, ...predictions].map((key) => txUpdate(table, { PK: key.PK, SK: key.SK }, rename, exists)),
  ]);
}

export function response(ctx: Context) {
  raiseWriteError(ctx, []);
  return { id: caller(ctx).sub, displayName: ctx.stash.displayName as string };
}
