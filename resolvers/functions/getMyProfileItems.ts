import type { Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { raiseDataSourceError } from '../lib/errors';
import { profileAndStandings } from '../lib/page';
import { MAX_TRANSACT_ITEMS } from '../lib/transact';

/**
 * The caller's profile item and season standings (as Query.userProfile reads them), sized so that
 * all of them fit in one transaction. Stashes `items`.
 */
export function request(ctx: Context) {
  return profileAndStandings(caller(ctx).sub, MAX_TRANSACT_ITEMS - 1, true);
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  const items = (ctx.result as { items: unknown[] }).items;
  ctx.stash.items = items;
  return items;
}
