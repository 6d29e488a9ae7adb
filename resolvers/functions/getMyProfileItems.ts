import type { Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { PROFILE } from '@pickem/domain/entities/profile';
import { STANDING } from '@pickem/domain/entities/standing';
import { keyOf, type ItemKey } from '@pickem/domain/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import { MAX_TRANSACT_ITEMS } from '@pickem/domain/limits';
import { query, type QueryPage } from '../lib/query';
import type { RenameStash } from '../lib/stash';

type GetMyProfileItemsContext = Context<
  unknown,
  RenameStash,
  undefined,
  undefined,
  QueryPage<ItemKey & { type: string }>
>;

/**
 * The caller's profile item and season standings (as Query.userProfile reads them), sized so that
 * all of them fit in one transaction. Stashes the keys of the `standings`.
 */
export function request(ctx: GetMyProfileItemsContext) {
  return query(PROFILE.withStandings(caller(ctx).sub), { limit: MAX_TRANSACT_ITEMS - 1, consistentRead: true });
}

export function response(ctx: GetMyProfileItemsContext) {
  raiseDataSourceError(ctx.error);
  const items = ctx.result.items;
  ctx.stash.standings = items.filter((item) => item.type === STANDING.type).map(keyOf);
  return items;
}
