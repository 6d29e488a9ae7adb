import { util, type Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { PREDICTION, type PredictionItem } from '@pickem/domain/entities/prediction';
import type { ItemKey } from '@pickem/domain/entities/table';
import { ERROR, raiseDataSourceError } from '../lib/errors';
import { MAX_BATCH_GET_KEYS } from '@pickem/domain/limits';
import { pageSize, query, type QueryPage } from '../lib/query';
import type { QueryUserProfileResult, UserProfileHistoryArgs } from '@pickem/domain/schema-types';
import type { HistoryCursor, HistoryStash } from '../lib/stash';

type GetHistoryPageContext = Context<
  UserProfileHistoryArgs,
  HistoryStash,
  undefined,
  NonNullable<QueryUserProfileResult>,
  QueryPage<PredictionItem & ItemKey>
>;

/** The largest page of another player's history: its read (twice the page, and DAY_MARGIN) stays within one BatchGetItem of the events. */
export const OTHERS_PAGE_MAX = 44;
/** Predictions a read holds beyond twice the page: a day of up to this many events always pages in bell order. */
const DAY_MARGIN = 12;
const CURSOR = 'history:';
const BELL = 'bell:';
const KEY = 'key:';

/**
 * A history's own cursor: `bell:<order key>` (historyOrderKey) of the last prediction shown, or of
 * `<date>#~` for the start of a day none of whose predictions was shown yet ('~' sorts after every
 * order key of the day); `key:<sort key>` when one day filled a whole read, which then pages in key order.
 */
export function historyCursor(cursor: HistoryCursor): string {
  return util.base64Encode(`${CURSOR}${cursor.kind === 'bell' ? BELL : KEY}${cursor.value}`);
}

function parseCursor(token: string): HistoryCursor {
  const decoded = util.base64Decode(token);
  const body = decoded.slice(0, CURSOR.length) === CURSOR ? decoded.slice(CURSOR.length) : '';
  const sk = body.slice(0, KEY.length) === KEY ? body.slice(KEY.length) : '';
  if (PREDICTION.isKeySk(sk)) return { kind: 'key', value: sk, date: sk.split('#')[1] ?? '' };
  const orderKey = body.slice(0, BELL.length) === BELL ? body.slice(BELL.length) : '';
  const date = orderKey.split('#')[0];
  if (orderKey.length <= date.length + 1 || date.length === 0)
    util.error('nextToken is not a token of this list; start again without it', ERROR.validation);
  return { kind: 'bell', value: orderKey, date };
}

/**
 * A read of a player's predictions, newest day first (PREDICTION#<date>#<eventId>, read descending),
 * from the cursor's day on (or from the cursor's prediction in key order): twice the page and
 * DAY_MARGIN more (at most 100 items, one BatchGetItem of their events). UserProfile.history orders each whole day of
 * it by bell, hides what the caller may not see (another player's events that have not locked), and
 * cuts the page; its nextToken is a cursor of its own (historyCursor).
 */
export function request(ctx: GetHistoryPageContext) {
  const userId = ctx.source!.user.id;
  const own = userId === caller(ctx).sub;
  const size = own ? pageSize(ctx.args.limit) : Math.min(pageSize(ctx.args.limit), OTHERS_PAGE_MAX);
  const token = ctx.args.nextToken;
  const cursor = token === null || token === undefined ? null : parseCursor(token);
  const pattern =
    cursor === null
      ? PREDICTION.history(userId)
      : cursor.kind === 'bell'
        ? PREDICTION.historyFromDay(userId, cursor.date)
        : PREDICTION.historyFrom(userId, cursor.value);
  return query(pattern, { limit: Math.min(2 * size + DAY_MARGIN, MAX_BATCH_GET_KEYS) });
}

export function response(ctx: GetHistoryPageContext) {
  raiseDataSourceError(ctx.error);
  const userId = ctx.source!.user.id;
  const own = userId === caller(ctx).sub;
  const token = ctx.args.nextToken;
  ctx.stash.events = {};
  ctx.stash.heads = {};
  ctx.stash.page = { items: ctx.result.items, nextToken: null };
  ctx.stash.read = {
    own,
    size: own ? pageSize(ctx.args.limit) : Math.min(pageSize(ctx.args.limit), OTHERS_PAGE_MAX),
    more: !!ctx.result.nextToken,
    cursor: token === null || token === undefined ? null : parseCursor(token),
  };
  return null;
}
