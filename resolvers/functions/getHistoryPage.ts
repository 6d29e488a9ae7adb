import { util, type Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { PREDICTION, type PredictionItem } from '@pickem/domain/entities/prediction';
import { TABLE, type ItemKey } from '@pickem/domain/entities/table';
import { ERROR, raiseDataSourceError } from '../lib/errors';
import { MAX_BATCH_GET_KEYS } from '@pickem/domain/limits';
import { listPage, pageSize, query, type QueryPage } from '../lib/query';
import type { QueryUserProfileResult, UserProfileHistoryArgs } from '@pickem/domain/schema-types';
import type { HistoryStash } from '../lib/stash';

type GetHistoryPageContext = Context<
  UserProfileHistoryArgs,
  HistoryStash,
  undefined,
  NonNullable<QueryUserProfileResult>,
  QueryPage<PredictionItem & ItemKey>
>;

/** The largest page of another player's history: its read (twice the page, and one) stays within one BatchGetItem of the events. */
export const OTHERS_PAGE_MAX = 49;
const CURSOR = 'history:';

/** Another player's history pages with a cursor of its own: the sort key of the last prediction shown. */
export function historyCursor(sk: string): string {
  return util.base64Encode(`${CURSOR}${sk}`);
}

function cursorSk(token: string): string {
  const decoded = util.base64Decode(token);
  const sk = decoded.slice(0, CURSOR.length) === CURSOR ? decoded.slice(CURSOR.length) : '';
  if (!PREDICTION.isKeySk(sk))
    util.error('nextToken is not a token of this list; start again without it', ERROR.validation);
  return sk;
}

/**
 * A page of a player's predictions, newest event first (PREDICTION#<date>#<eventId>, read descending).
 * The caller's own: DynamoDB's page. Another player's: events that have not locked are hidden
 * (UserProfile.history), so this reads twice the page and one more (at most 100 items), from the
 * cursor's prediction on, for the history to cut full pages from what is left after hiding; its
 * nextToken is a cursor on the last prediction shown, never on a hidden one while a full page remains.
 */
export function request(ctx: GetHistoryPageContext) {
  const userId = ctx.source!.user.id;
  if (userId === caller(ctx).sub) return listPage(PREDICTION.history(userId), ctx.args);
  const size = Math.min(pageSize(ctx.args.limit), OTHERS_PAGE_MAX);
  const token = ctx.args.nextToken;
  const pattern =
    token === null || token === undefined
      ? PREDICTION.history(userId)
      : PREDICTION.historyFrom(userId, cursorSk(token));
  return query(pattern, { limit: Math.min(2 * size + 2, MAX_BATCH_GET_KEYS) });
}

export function response(ctx: GetHistoryPageContext) {
  raiseDataSourceError(ctx.error);
  const userId = ctx.source!.user.id;
  ctx.stash.events = {};
  ctx.stash.heads = {};
  if (userId === caller(ctx).sub) {
    ctx.stash.page = { items: ctx.result.items, nextToken: ctx.result.nextToken ?? null };
    ctx.stash.others = null;
    return null;
  }
  const token = ctx.args.nextToken;
  const from = token === null || token === undefined ? null : cursorSk(token);
  ctx.stash.page = { items: ctx.result.items.filter((item) => item[TABLE.sk] !== from), nextToken: null };
  ctx.stash.others = { size: Math.min(pageSize(ctx.args.limit), OTHERS_PAGE_MAX), more: !!ctx.result.nextToken };
  return null;
}
