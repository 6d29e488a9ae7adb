import { runtime, util, type Context } from '@aws-appsync/utils';
import { boardPage, chunksRequest, pageKeys, pageOf, rowPrediction } from './lib/board-page';
import { caller } from './lib/caller';
import type { BoardChunk, EventRow } from '@pickem/domain/entities/board';
import type { ItemKey } from '@pickem/domain/entities/table';
import { raiseDataSourceError } from './lib/errors';
import { pageSize } from './lib/query';
import type { Event, EventCardLeaderboardArgs, EventCardLeaderboardResult } from '@pickem/domain/schema-types';
import type { EventCardSource } from './lib/stash';
import { tableOf } from './lib/transact';
import { scoresVisible, visiblePrediction, type EventView } from '@pickem/domain/visibility';

type Chunk = (ItemKey & BoardChunk<EventRow>) | null;
type LeaderboardContext = Context<
  EventCardLeaderboardArgs,
  Record<string, never>,
  undefined,
  EventCardSource,
  { data: Record<string, Chunk[]> }
>;

const view = (event: Event): EventView => ({
  state: event.state,
  startsAtMs: util.time.parseISO8601ToEpochMilliSeconds(event.startsAt),
});

/**
 * The event's leaderboard, highest first, from its board (entities/board.ts): the head came with the
 * card (Query.eventCard's result carries it as `board`), so a page is one BatchGetItem of at most two
 * chunks. Provisional while BROADCAST, final once SCORED (domain/visibility.ts); null while UPCOMING; an
 * empty page before the first scoring pass has built the board.
 */
export function request(ctx: LeaderboardContext) {
  const source = ctx.source!;
  if (!scoresVisible(view(source.event))) {
    pageSize(ctx.args.limit);
    return runtime.earlyReturn(null);
  }
  const keys = pageKeys(source.board, boardPage(source.board, ctx.args));
  if (keys.length === 0) return runtime.earlyReturn({ items: [], nextToken: null });
  return chunksRequest(tableOf(ctx), keys);
}

export function response(ctx: LeaderboardContext): EventCardLeaderboardResult {
  raiseDataSourceError(ctx.error);
  const source = ctx.source!;
  const head = source.board!;
  const page = pageOf(head, ctx.result.data[tableOf(ctx)] ?? [], boardPage(head, ctx.args));
  const event = view(source.event);
  const now = util.time.nowEpochMilliSeconds();
  const me = caller(ctx).sub;
  const items = page.rows.map((row) =>
    visiblePrediction(rowPrediction(head, source.event, row), event, row[0] === me, now),
  );
  return { items, nextToken: page.nextToken };
}
