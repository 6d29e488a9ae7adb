import { util, type Context } from '@aws-appsync/utils';
import { boardFigures } from './lib/board-page';
import type {
  QueryUserProfileResult,
  UserProfileHistoryArgs,
  UserProfileHistoryResult,
} from '@pickem/domain/schema-types';
import type { HistoryCursor, HistoryStash } from './lib/stash';
import { TABLE, type ItemKey } from '@pickem/domain/entities/table';
import { historyOrderKey, type PredictionItem } from '@pickem/domain/entities/prediction';
import { historyCursor } from './functions/getHistoryPage';
import { shareUrlOf } from './lib/share';
import { predictionsLocked, scoresVisible, visiblePrediction } from '@pickem/domain/visibility';

type HistoryContext = Context<UserProfileHistoryArgs, HistoryStash, undefined, NonNullable<QueryUserProfileResult>>;

/**
 * Pipeline: getHistoryPage → getHistoryEvents. Newest day first, and a day's predictions by their
 * event's bell, latest first (the events list's order): the read is in key order (date, then event
 * id), so each whole day of it is ordered here by the bells getHistoryEvents read, and the last day of
 * a read that DynamoDB has more of is left to the next page, which reads again from that day's start.
 * Only a day with more predictions than a read holds (twice the page and 12, at most 100) pages in key order.
 *
 * Picks and points show as their event allows (domain/visibility.ts); eventName is the event's name
 * now (the one saved with the prediction when the event could not be read). A prediction the final
 * pass has not scored yet shows, while its event is live, the figures of the event's board (as the
 * card's myPrediction does). Another player's history hides a prediction until its event locks (its
 * bell, or BROADCAST): that they saved picks, and when, is not shown before.
 *
 * A page may be shorter than its limit while more follow (its nextToken is then set): the last day of
 * the read went to the next page, or, in another player's history, predictions were hidden.
 */
export function request(_ctx: HistoryContext) {
  return {};
}

export function response(ctx: HistoryContext): UserProfileHistoryResult {
  const { page, events, heads, read } = ctx.stash;
  const now = util.time.nowEpochMilliSeconds();
  const cursor = read.cursor;
  const all = page.items;
  const lastDate = all.length > 0 ? all[all.length - 1].eventDate : '';
  // One day fills the read: it pages in key order, as does the rest of a day a key cursor points into.
  const whole = read.more && all.length > 0 && all[0].eventDate === lastDate;
  const keyOrder = (item: PredictionItem) =>
    whole || (cursor !== null && cursor.kind === 'key' && item.eventDate === cursor.date);
  const bellOf = (item: PredictionItem) => (Object.hasOwn(events, item.eventId) ? events[item.eventId].startsAtMs : 0);
  const orderKeys: Record<string, PredictionItem & Partial<ItemKey>> = {};
  const keys: string[] = [];
  for (const item of all) {
    const byBell = historyOrderKey(item.eventDate, bellOf(item), item.eventId);
    const key = keyOrder(item) ? historyOrderKey(item.eventDate, 0, item.eventId) : byBell;
    const shownBefore =
      cursor !== null &&
      (cursor.kind === 'key'
        ? item[TABLE.sk] === cursor.value
        : item.eventDate === cursor.date && byBell >= cursor.value);
    const nextPage = read.more && !whole && item.eventDate === lastDate;
    if (!shownBefore && !nextPage) {
      orderKeys[key] = item;
      keys.push(key);
    }
  }
  keys.sort();
  keys.reverse();
  const visible = keys.filter(
    (key) =>
      read.own ||
      (Object.hasOwn(events, orderKeys[key].eventId) && predictionsLocked(events[orderKeys[key].eventId], now)),
  );
  const shownKeys = visible.slice(0, read.size);
  const lastShown = shownKeys.length > 0 ? shownKeys[shownKeys.length - 1] : null;
  const fullPage = shownKeys.length === read.size && lastShown !== null;
  let next: HistoryCursor | null = null;
  if (fullPage && (read.more || visible.length > read.size)) {
    const item = orderKeys[lastShown];
    next = keyOrder(item)
      ? { kind: 'key', value: item[TABLE.sk] ?? '', date: item.eventDate }
      : { kind: 'bell', value: lastShown, date: item.eventDate };
  } else if (read.more) {
    // Every whole day of the read is used up: the next page starts at the day left to it (or, for a
    // day that fills reads, after the last prediction read).
    next = whole
      ? { kind: 'key', value: all[all.length - 1][TABLE.sk] ?? '', date: lastDate }
      : { kind: 'bell', value: `${lastDate}#~`, date: lastDate };
  }
  const own = read.own;
  const items = shownKeys.map((key) => {
    const item = orderKeys[key];
    const event = Object.hasOwn(events, item.eventId) ? events[item.eventId] : null;
    const head = event && scoresVisible(event) && Object.hasOwn(heads, item.eventId) ? heads[item.eventId] : null;
    const shown = visiblePrediction(
      event ? boardFigures({ ...item, eventName: event.name }, head) : item,
      event,
      own,
      now,
    );
    return { ...shown, shareUrl: own ? shareUrlOf(ctx, item, event) : null };
  });
  return { items, nextToken: next === null ? null : historyCursor(next) };
}
