import type { Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { PROFILE } from '@pickem/domain/entities/profile';
import { IF_STORED, keyOf } from '@pickem/domain/entities/table';
import type { MutationUpdateMyProfileResult } from '@pickem/domain/schema-types';
import type { RenameStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txUpdate } from '../lib/transact';

type WriteDisplayNameContext = Context<unknown, RenameStash>;

/**
 * Sets the caller's display name on their profile (creating it if needed), on each of their season
 * standings and on their newest predictions (their history), in one transaction. Predictions beyond
 * the transaction's 100 items keep the old name until their event is re-scored (scoring copies the
 * profile's name). The boards keep the name their rows were built with; a board page reads its players'
 * names now (getRowNames; data-model.md, display names on boards).
 */
export function request(ctx: WriteDisplayNameContext) {
  const userId = caller(ctx).sub;
  const { displayName, standings, predictions } = ctx.stash;
  const table = tableOf(ctx);
  const rename = {
    expression: 'SET #displayName = :name',
    names: { '#displayName': 'displayName' },
    values: { ':name': displayName },
  };
  return transaction([
    txUpdate(table, PROFILE.key(userId), PROFILE.update(userId, displayName, false)),
    ...[...standings, ...predictions].map((key) => txUpdate(table, keyOf(key), rename, IF_STORED)),
  ]);
}

export function response(ctx: WriteDisplayNameContext): MutationUpdateMyProfileResult {
  raiseWriteError(ctx, []);
  return { id: caller(ctx).sub, displayName: ctx.stash.displayName };
}
