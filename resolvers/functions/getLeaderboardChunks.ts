import { runtime, type Context } from '@aws-appsync/utils';
import { boardPage, chunksRequest, pageKeys, pageOf } from '../lib/board-page';
import type { BoardChunk, EventRow } from '@pickem/domain/entities/board';
import type { ItemKey } from '@pickem/domain/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import type { PageArgs } from '../lib/query';
import type { EventCardSource, RowNamesStash } from '../lib/stash';
import { tableOf } from '../lib/transact';

type Chunk = (ItemKey & BoardChunk<EventRow>) | null;
type GetLeaderboardChunksContext = Context<
  PageArgs,
  RowNamesStash<EventRow>,
  undefined,
  EventCardSource,
  { data: Record<string, Chunk[]> }
>;

/**
 * The page the arguments ask for of the event's board, whose head came with the card (Query.eventCard's
 * result carries it as `board`): one BatchGetItem of at most two chunks, none for an empty board or a
 * page past its end. Stashes `rows` and `nextToken`.
 */
export function request(ctx: GetLeaderboardChunksContext) {
  const head = ctx.source!.board;
  const keys = pageKeys(head, boardPage(head, ctx.args));
  ctx.stash.rows = [];
  ctx.stash.nextToken = null;
  if (keys.length === 0) return runtime.earlyReturn(null);
  return chunksRequest(tableOf(ctx), keys);
}

export function response(ctx: GetLeaderboardChunksContext) {
  raiseDataSourceError(ctx.error);
  const head = ctx.source!.board!;
  const page = pageOf(head, ctx.result.data[tableOf(ctx)] ?? [], boardPage(head, ctx.args));
  ctx.stash.rows = page.rows;
  ctx.stash.nextToken = page.nextToken;
  return null;
}
