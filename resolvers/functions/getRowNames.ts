import { runtime, type Context } from '@aws-appsync/utils';
import type { ProfileItem } from '@pickem/domain/entities/profile';
import { raiseDataSourceError } from '../lib/errors';
import { profilesRequest, renamedRows, type NamedRow } from '../lib/row-names';
import type { RowNamesStash } from '../lib/stash';
import { tableOf } from '../lib/transact';

type GetRowNamesContext = Context<
  unknown,
  RowNamesStash<NamedRow>,
  undefined,
  undefined,
  { data: Record<string, (ProfileItem | null)[]> }
>;

/**
 * The stashed board page's players' names now: one BatchGetItem of their profiles (none for an empty
 * page), so a rename shows on boards built before it (lib/row-names.ts). Replaces the stashed `rows`.
 */
export function request(ctx: GetRowNamesContext) {
  if (ctx.stash.rows.length === 0) return runtime.earlyReturn(null);
  return profilesRequest(tableOf(ctx), ctx.stash.rows);
}

export function response(ctx: GetRowNamesContext) {
  raiseDataSourceError(ctx.error);
  ctx.stash.rows = renamedRows(ctx.stash.rows, ctx.result.data[tableOf(ctx)] ?? []);
  return null;
}
