import { util, type Context } from '@aws-appsync/utils';
import { boardFigures } from './lib/board-page';
import { caller } from './lib/caller';
import type {
  QueryUserProfileResult,
  UserProfileHistoryArgs,
  UserProfileHistoryResult,
} from '@pickem/domain/schema-types';
import type { HistoryStash } from './lib/stash';
import { TABLE } from '@pickem/domain/entities/table';
import { historyCursor } from './functions/getHistoryPage';
import { predictionsLocked, scoresVisible, visiblePrediction } from '@pickem/domain/visibility';

type HistoryContext = Context<UserProfileHistoryArgs, HistoryStash, undefined, NonNullable<QueryUserProfileResult>>;

/**
 * Pipeline: getHistoryPage → getHistoryEvents. Picks and points show as their event allows
 * (domain/visibility.ts); eventName is the event's name now (the one saved with the prediction when the
 * event could not be read). A prediction the final pass has not scored yet shows, while its event is
 * live, the figures of the event's board (as the card's myPrediction does).
 *
 * Another player's history hides a prediction until its event locks (its bell, or BROADCAST): that
 * they saved picks, and when, is not shown before. getHistoryPage read up to twice the page and one;
 * the page is the first `size` shown, and its nextToken a cursor on the last of them, so a page is
 * never short while more predictions follow. Only when more than that read's extra half is hidden
 * is a page short, its cursor then on the last prediction read.
 */
export function request(_ctx: HistoryContext) {
  return {};
}

export function response(ctx: HistoryContext): UserProfileHistoryResult {
  const { page, events, heads, others } = ctx.stash;
  const own = ctx.source!.user.id === caller(ctx).sub;
  const now = util.time.nowEpochMilliSeconds();
  let shown = page.items;
  let nextToken = page.nextToken;
  if (others) {
    const locked = page.items.filter(
      (item) => Object.hasOwn(events, item.eventId) && predictionsLocked(events[item.eventId], now),
    );
    shown = locked.slice(0, others.size);
    const last =
      locked.length > others.size || (locked.length === others.size && others.more)
        ? shown[shown.length - 1]
        : others.more
          ? page.items[page.items.length - 1]
          : null;
    nextToken = last && last[TABLE.sk] ? historyCursor(last[TABLE.sk]!) : null;
  }
  const items = shown.map((item) => {
    const event = Object.hasOwn(events, item.eventId) ? events[item.eventId] : null;
    const head = event && scoresVisible(event) && Object.hasOwn(heads, item.eventId) ? heads[item.eventId] : null;
    return visiblePrediction(event ? boardFigures({ ...item, eventName: event.name }, head) : item, event, own, now);
  });
  return { items, nextToken };
}
