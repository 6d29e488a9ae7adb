import type { Context } from '@aws-appsync/utils';
import { BOARD, type BoardHead } from '@pickem/domain/entities/board';
import type { ItemKey } from '@pickem/domain/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import { getItem } from '../lib/query';
import type { BoardPageStash } from '../lib/stash';

type GetSeasonBoardContext = Context<unknown, BoardPageStash, undefined, undefined, (ItemKey & BoardHead) | null>;

/** Reads the head of the stashed season's board (one GetItem); stashes `board` (null before the season's first final scoring). */
export function request(ctx: GetSeasonBoardContext) {
  return getItem(BOARD.seasonHeadKey(ctx.stash.seasonId));
}

export function response(ctx: GetSeasonBoardContext) {
  raiseDataSourceError(ctx.error);
  ctx.stash.board = ctx.result ?? null;
  return ctx.stash.board;
}
