import { runtime, type Context } from '@aws-appsync/utils';
import { PREDICTION, toPrediction, type PredictionItem } from './lib/entities/prediction';
import { TABLE } from './lib/entities/table';
import { raiseDataSourceError } from './lib/errors';
import { descendingPage, pageSize, type QueryPage } from './lib/page';
import type { EventCardLeaderboardArgs, EventCardLeaderboardResult, QueryEventCardResult } from './lib/schema-types';

type LeaderboardContext = Context<EventCardLeaderboardArgs, Record<string, never>, undefined, NonNullable<QueryEventCardResult>, QueryPage<PredictionItem>>;

/** The event's leaderboard, highest first, from the sparse SCORE# range of its GSI partition. */
export function request(ctx: LeaderboardContext) {
  const event = ctx.source!.event;
  if (event.state !== 'SCORED') {
    pageSize(ctx.args.limit);
    return runtime.earlyReturn(null);
  }
  return descendingPage(
    TABLE.index,
    { attribute: TABLE.gsiPk, value: PREDICTION.gsiPk(event.id) },
    { attribute: TABLE.gsiSk, value: PREDICTION.scoredGsiSkPrefix },
    ctx.args,
  );
}

export function response(ctx: LeaderboardContext): EventCardLeaderboardResult {
  if (ctx.source!.event.state !== 'SCORED') return null;
  raiseDataSourceError(ctx.error);
  return { items: ctx.result.items.map(toPrediction), nextToken: ctx.result.nextToken ?? null };
}
