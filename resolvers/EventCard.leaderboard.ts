import { runtime, util, type Context } from '@aws-appsync/utils';
import { caller } from './lib/caller';
import { PREDICTION, type PredictionItem } from './lib/entities/prediction';
import { raiseDataSourceError } from './lib/errors';
import { listPage, pageSize, type QueryPage } from './lib/query';
import type { Event, EventCardLeaderboardArgs, EventCardLeaderboardResult, QueryEventCardResult } from './lib/schema-types';
import { scoresVisible, visiblePrediction, type EventView } from './lib/visibility';

type LeaderboardContext = Context<EventCardLeaderboardArgs, Record<string, never>, undefined, NonNullable<QueryEventCardResult>, QueryPage<PredictionItem>>;

const view = (event: Event): EventView => ({ state: event.state, startsAtMs: util.time.parseISO8601ToEpochMilliSeconds(event.startsAt) });

/**
 * The event's leaderboard, highest first, from the sparse SCORE# range of its GSI partition:
 * provisional while BROADCAST, final once SCORED (lib/visibility.ts).
 */
export function request(ctx: LeaderboardContext) {
  const event = ctx.source!.event;
  if (!scoresVisible(view(event))) {
    pageSize(ctx.args.limit);
    return runtime.earlyReturn(null);
  }
  return listPage(PREDICTION.leaderboard(event.id), ctx.args);
}

export function response(ctx: LeaderboardContext): EventCardLeaderboardResult {
  const event = view(ctx.source!.event);
  if (!scoresVisible(event)) return null;
  raiseDataSourceError(ctx.error);
  const now = util.time.nowEpochMilliSeconds();
  const me = caller(ctx).sub;
  return { items: ctx.result.items.map((item) => visiblePrediction(item, event, item.userId === me, now)), nextToken: ctx.result.nextToken ?? null };
}
