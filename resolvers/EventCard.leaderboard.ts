import { runtime, util, type Context } from '@aws-appsync/utils';
import { notShared } from './lib/share';
import { rowPrediction } from './lib/board-page';
import { caller } from './lib/caller';
import type { EventRow } from '@pickem/domain/entities/board';
import { pageSize } from './lib/query';
import type { Event, EventCardLeaderboardArgs, EventCardLeaderboardResult } from '@pickem/domain/schema-types';
import type { EventCardSource, RowNamesStash } from './lib/stash';
import { scoresVisible, visiblePrediction, type EventView } from '@pickem/domain/visibility';

type LeaderboardContext = Context<EventCardLeaderboardArgs, RowNamesStash<EventRow>, undefined, EventCardSource>;

const view = (event: Event): EventView => ({
  state: event.state,
  startsAtMs: util.time.parseISO8601ToEpochMilliSeconds(event.startsAt),
});

/**
 * The event's leaderboard, highest first, from its board (entities/board.ts). Pipeline:
 * getLeaderboardChunks (one BatchGetItem of the page's at most two chunks; the head came with the card)
 * → getRowNames (one BatchGetItem of the page's players' names now). Provisional while BROADCAST, final
 * once SCORED (domain/visibility.ts); null while UPCOMING; an empty page before the first scoring pass.
 */
export function request(ctx: LeaderboardContext) {
  pageSize(ctx.args.limit);
  if (!scoresVisible(view(ctx.source!.event))) return runtime.earlyReturn(null);
  return {};
}

/** An early return from the request skips the pipeline but still runs this handler (AppSync's runtime utilities reference): null again while hidden. */
export function response(ctx: LeaderboardContext): EventCardLeaderboardResult | null {
  const source = ctx.source!;
  const head = source.board;
  const event = view(source.event);
  if (!scoresVisible(event)) return null;
  const now = util.time.nowEpochMilliSeconds();
  const me = caller(ctx).sub;
  const items =
    head === null
      ? []
      : ctx.stash.rows.map((row) =>
          notShared(visiblePrediction(rowPrediction(head, source.event, row), event, row[0] === me, now)),
        );
  return { items, nextToken: ctx.stash.nextToken };
}
