import type { Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { raiseDataSourceError } from '../lib/errors';
import { profileAndStandings } from '../lib/page';
import { TYPE } from '../lib/keys';
import { MAX_TRANSACT_ITEMS, type ItemKey } from '../lib/transact';

/**
 * The caller's profile item and season standings (as Query.userProfile reads them), sized so that
 * all of them fit in one transaction. Stashes the keys of the `standings`.
 */
export function request(ctx: Context) {
  return profileAndStandings(caller(ctx).sub, MAX_TRANSACT_ITEMS - 1, true);
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  const items = (ctx.result as { items: (ItemKey & { type: string })[] }).items;
  ctx.stash.standings = items.filter((item) => item.type === TYPE.standing).map((item) => ({ PK: item.PK, SK: item.SK }));
  return items;
}
