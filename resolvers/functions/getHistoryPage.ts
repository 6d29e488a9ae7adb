import type { Context } from '@aws-appsync/utils';
import { PREDICTION, type PredictionItem } from '@pickem/domain/entities/prediction';
import { raiseDataSourceError } from '../lib/errors';
import { listPage, type QueryPage } from '../lib/query';
import type { QueryUserProfileResult, UserProfileHistoryArgs } from '@pickem/domain/schema-types';
import type { HistoryStash } from '../lib/stash';

type GetHistoryPageContext = Context<
  UserProfileHistoryArgs,
  HistoryStash,
  undefined,
  NonNullable<QueryUserProfileResult>,
  QueryPage<PredictionItem>
>;

/** A page of a player's predictions, newest event first (PREDICTION#<date>#<eventId>, read descending). */
export function request(ctx: GetHistoryPageContext) {
  return listPage(PREDICTION.history(ctx.source!.user.id), ctx.args);
}

export function response(ctx: GetHistoryPageContext) {
  raiseDataSourceError(ctx.error);
  ctx.stash.page = { items: ctx.result.items, nextToken: ctx.result.nextToken ?? null };
  ctx.stash.events = {};
  ctx.stash.heads = {};
  return null;
}
