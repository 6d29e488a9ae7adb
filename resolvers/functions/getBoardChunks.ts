import { runtime, type Context } from '@aws-appsync/utils';
import { boardPage, chunksRequest, pageKeys, pageOf } from '../lib/board-page';
import type { BoardChunk, SeasonRow } from '@pickem/domain/entities/board';
import type { ItemKey } from '@pickem/domain/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import type { PageArgs } from '../lib/query';
import type { BoardPageStash } from '../lib/stash';
import { tableOf } from '../lib/transact';

type Chunk = (ItemKey & BoardChunk<SeasonRow>) | null;
type GetBoardChunksContext = Context<PageArgs, BoardPageStash, undefined, undefined, { data: Record<string, Chunk[]> }>;

/**
 * The page the arguments ask for of the stashed board: one BatchGetItem of its at most two chunks
 * (none for an empty board or a page past its end). Stashes `rows` and `nextToken`; a nextToken that
 * is not an offset on this board is a ValidationError.
 */
export function request(ctx: GetBoardChunksContext) {
  const head = ctx.stash.board;
  const keys = pageKeys(head, boardPage(head, ctx.args));
  ctx.stash.rows = [];
  ctx.stash.nextToken = null;
  if (keys.length === 0) return runtime.earlyReturn(null);
  return chunksRequest(tableOf(ctx), keys);
}

export function response(ctx: GetBoardChunksContext) {
  raiseDataSourceError(ctx.error);
  const head = ctx.stash.board!;
  const page = pageOf(head, ctx.result.data[tableOf(ctx)] ?? [], boardPage(head, ctx.args));
  ctx.stash.rows = page.rows;
  ctx.stash.nextToken = page.nextToken;
  return null;
}
