import { util, type Context } from '@aws-appsync/utils';
import { boardFigures } from './lib/board-page';
import { caller } from './lib/caller';
import type {
  QueryUserProfileResult,
  UserProfileHistoryArgs,
  UserProfileHistoryResult,
} from '@pickem/domain/schema-types';
import type { HistoryStash } from './lib/stash';
import { scoresVisible, visiblePrediction } from '@pickem/domain/visibility';

type HistoryContext = Context<UserProfileHistoryArgs, HistoryStash, undefined, NonNullable<QueryUserProfileResult>>;

/**
 * Pipeline: getHistoryPage → getHistoryEvents. Picks and points show as their event allows
 * (domain/visibility.ts); eventName is the event's name now (the one saved with the prediction when the
 * event could not be read). A prediction the final pass has not scored yet shows, while its event is
 * live, the figures of the event's board (as the card's myPrediction does).
 */
export function request(_ctx: HistoryContext) {
  return {};
}

export function response(ctx: HistoryContext): UserProfileHistoryResult {
  const { page, events, heads } = ctx.stash;
  const own = ctx.source!.user.id === caller(ctx).sub;
  const now = util.time.nowEpochMilliSeconds();
  const items = page.items.map((item) => {
    const event = Object.hasOwn(events, item.eventId) ? events[item.eventId] : null;
    const head = event && scoresVisible(event) && Object.hasOwn(heads, item.eventId) ? heads[item.eventId] : null;
    return visiblePrediction(event ? boardFigures({ ...item, eventName: event.name }, head) : item, event, own, now);
  });
  return { items, nextToken: page.nextToken };
}
