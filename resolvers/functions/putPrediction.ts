import { util, type Context } from '@aws-appsync/utils';
import { stashedEvent, stashedMatches } from '../lib/card';
import { caller, defaultDisplayName } from '../lib/caller';
import { ERROR } from '../lib/errors';
import { toPrediction, type EventItem, type PickItem, type PredictionItem } from '../lib/items';
import { ITEM_KEY, predictionAttributes, predictionRecord, profileUpdate } from '../lib/records';
import { raiseWriteError, tableOf, transaction, txCheck, txPut, txUpdate } from '../lib/transact';
import { validPicks } from '../lib/validate';

function locked(event: EventItem) {
  return {
    message: `Predictions for event ${event.id} are locked: it is ${event.state} and starts at ${event.startsAt}`,
    type: ERROR.predictionsLocked,
  };
}

/**
 * Replaces the caller's prediction for the stashed event. The lock needs no scheduler: the write is
 * one transaction whose first entry checks, on the event item, that the event is still UPCOMING and
 * that its start is after this request's server time. It also makes sure the caller has a profile.
 */
export function request(ctx: Context<{ eventId: string; picks: PickItem[] }>) {
  const event = stashedEvent(ctx);
  const now = util.time.nowEpochMilliSeconds();
  if (event.state !== 'UPCOMING' || now >= event.startsAtMs) {
    const error = locked(event);
    util.error(error.message, error.type);
  }
  const picks = validPicks(event, stashedMatches(ctx), ctx.args.picks);
  const userId = caller(ctx).sub;
  const fallbackName = defaultDisplayName(ctx);
  const profile = ctx.stash.profile as { displayName: string } | null;
  const prediction = predictionRecord(userId, profile ? profile.displayName : fallbackName, event, picks, util.time.epochMilliSecondsToISO8601(now));
  ctx.stash.saved = prediction;
  const table = tableOf(ctx);
  return transaction([
    txCheck(table, ITEM_KEY.event(event.id), {
      expression: '#state = :upcoming AND #startsAtMs > :now',
      names: { '#state': 'state', '#startsAtMs': 'startsAtMs' },
      values: { ':upcoming': 'UPCOMING', ':now': now },
    }),
    txPut(table, ITEM_KEY.prediction(userId, event), predictionAttributes(prediction)),
    txUpdate(table, ITEM_KEY.profile(userId), profileUpdate(userId, fallbackName, true)),
  ]);
}

export function response(ctx: Context) {
  const event = ctx.stash.event as EventItem;
  raiseWriteError(ctx, [locked(event)]);
  return toPrediction(ctx.stash.saved as PredictionItem);
}
