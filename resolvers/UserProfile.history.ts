import type { Context } from '@aws-appsync/utils';
import { caller } from './lib/caller';
import { userPk } from './lib/entities/profile';
import { PREDICTION, toPrediction, type PredictionItem } from './lib/entities/prediction';
import { TABLE } from './lib/entities/table';
import { raiseDataSourceError } from './lib/errors';
import { descendingPage, type QueryPage } from './lib/page';
import type { QueryUserProfileResult, UserProfileHistoryArgs, UserProfileHistoryResult } from './lib/schema-types';

type HistoryContext = Context<UserProfileHistoryArgs, Record<string, never>, undefined, NonNullable<QueryUserProfileResult>, QueryPage<PredictionItem>>;

/** A player's predictions, newest event first (PREDICTION#<date>#<eventId>, read descending). */
export function request(ctx: HistoryContext) {
  return descendingPage(
    null,
    { attribute: TABLE.pk, value: userPk(ctx.source!.user.id) },
    { attribute: TABLE.sk, value: PREDICTION.skPrefix },
    ctx.args,
  );
}

/** Another player's picks stay private until the event is scored (an unscored prediction has no points). */
export function response(ctx: HistoryContext): UserProfileHistoryResult {
  raiseDataSourceError(ctx.error);
  const page = ctx.result;
  const own = ctx.source!.user.id === caller(ctx).sub;
  const items = page.items.map((item) => {
    const prediction = toPrediction(item);
    return own || prediction.points !== null ? prediction : { ...prediction, picks: [] };
  });
  return { items, nextToken: page.nextToken ?? null };
}
