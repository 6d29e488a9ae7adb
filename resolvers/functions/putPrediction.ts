import { util, type Context } from '@aws-appsync/utils';
import { stashedEvent, stashedMatches } from '../lib/card';
import { caller } from '../lib/caller';
import { ENTRY } from '@pickem/domain/entities/entry';
import { EVENT, ifPicksOpen, type EventItem } from '@pickem/domain/entities/event';
import { PREDICTION, toPrediction, type PredictionItem } from '@pickem/domain/entities/prediction';
import { PROFILE } from '@pickem/domain/entities/profile';
import { ERROR } from '../lib/errors';
import { notShared } from '../lib/share';
import type { MutationSavePredictionArgs, MutationSavePredictionResult } from '@pickem/domain/schema-types';
import type { CardStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txCheck, txPut, txUpdate } from '../lib/transact';
import { asksTieBreak, rulesOf } from '@pickem/domain/rules';
import { validPicks, validTieBreak } from '../lib/validate';
import type { AnswerItem } from '@pickem/domain/entities/prediction';

type PutPredictionContext = Context<
  MutationSavePredictionArgs,
  CardStash & { saved: PredictionItem; answers: AnswerItem[] }
>;

function locked(event: EventItem) {
  return {
    message: `Predictions for event ${event.id} are locked: it is ${event.state} and starts at ${event.startsAt}`,
    type: ERROR.predictionsLocked,
  };
}

/**
 * Replaces the caller's prediction for the stashed event. The lock needs no scheduler: the write is
 * one transaction whose first entry checks, on the event item, that the event is still UPCOMING and
 * that its start is after this request's server time. The same transaction writes the prediction,
 * its entry (the event's list of predictions the scoring function reads, entities/entry.ts; a re-save
 * replaces both) and makes sure the caller has a profile.
 */
export function request(ctx: PutPredictionContext) {
  const event = stashedEvent(ctx);
  const now = util.time.nowEpochMilliSeconds();
  if (event.state !== 'UPCOMING' || now >= event.startsAtMs) {
    const error = locked(event);
    util.error(error.message, error.type);
  }
  const picks = validPicks(event, stashedMatches(ctx), ctx.args.picks);
  const guess = ctx.args.tieBreak ?? null;
  if (guess !== null && !asksTieBreak(rulesOf(event)))
    util.error('This event has no tie-break question: leave tieBreak out', ERROR.validation);
  const tieBreak = guess === null ? null : validTieBreak(guess, 'tieBreak');
  const answers = ctx.stash.answers ?? [];
  const userId = caller(ctx).sub;
  const fallbackName = ctx.stash.fallbackName;
  const { profile } = ctx.stash;
  const prediction = PREDICTION.record(
    userId,
    profile ? profile.displayName : fallbackName,
    event,
    picks,
    util.time.epochMilliSecondsToISO8601(now),
    tieBreak,
    answers,
    util.autoId(),
  );
  ctx.stash.saved = prediction;
  const table = tableOf(ctx);
  return transaction([
    txCheck(table, EVENT.key(event.id), ifPicksOpen(now)),
    txPut(table, PREDICTION.key(userId, event.date, event.id), PREDICTION.attributes(prediction)),
    txPut(
      table,
      ENTRY.key(event.id, userId),
      ENTRY.attributes({
        userId,
        eventId: event.id,
        displayName: prediction.displayName,
        picks,
        tieBreak,
        answers: prediction.answers,
        updatedAt: prediction.updatedAt,
      }),
    ),
    txUpdate(table, PROFILE.key(userId), PROFILE.update(userId, fallbackName, true)),
  ]);
}

export function response(ctx: PutPredictionContext): MutationSavePredictionResult {
  raiseWriteError(ctx, [locked(stashedEvent(ctx))]);
  return notShared(toPrediction(ctx.stash.saved));
}
