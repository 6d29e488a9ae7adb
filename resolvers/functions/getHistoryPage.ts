import type { Context } from '@aws-appsync/utils';
import { userPk } from '../lib/entities/profile';
import { PREDICTION, type PredictionItem } from '../lib/entities/prediction';
import { TABLE } from '../lib/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import { descendingPage, type QueryPage } from '../lib/page';
import type { QueryUserProfileResult, UserProfileHistoryArgs } from '../lib/schema-types';
import type { HistoryStash } from '../lib/stash';

type GetHistoryPageContext = Context<UserProfileHistoryArgs, HistoryStash, undefined, NonNullable<QueryUserProfileResult>, QueryPage<PredictionItem>>;

/** A page of a player's predictions, newest event first (PREDICTION#<date>#<eventId>, read descending). */
export function request(ctx: GetHistoryPageContext) {
  return descendingPage(
    null,
    { attribute: TABLE.pk, value: userPk(ctx.source!.user.id) },
    { attribute: TABLE.sk, value: PREDICTION.skPrefix },
    ctx.args,
  );
}

export function response(ctx: GetHistoryPageContext) {
  raiseDataSourceError(ctx.error);
  ctx.stash.page = { items: ctx.result.items, nextToken: ctx.result.nextToken ?? null };
  ctx.stash.events = {};
  return null;
}
