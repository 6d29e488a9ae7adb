import { util, type Context } from '@aws-appsync/utils';
import { stashedEvent } from '../lib/card';
import { questionAdded, questionEventError, requireQuestionsOpen } from '../lib/questions';
import { EVENT, ifPicksOpen, type EventItem } from '@pickem/domain/entities/event';
import { QUESTION, toQuestion, type QuestionItem } from '@pickem/domain/entities/question';
import { IF_NEW, both } from '@pickem/domain/entities/table';
import { QUESTION_LIMIT } from '@pickem/domain/limits';
import { ERROR } from '../lib/errors';
import type { MutationAddQuestionArgs, MutationAddQuestionResult } from '@pickem/domain/schema-types';
import type { CardStash } from '../lib/stash';
import { failedCondition, raiseWriteError, tableOf, transaction, txPut, txUpdate } from '../lib/transact';

type AppendQuestionContext = Context<MutationAddQuestionArgs, CardStash & { created: QuestionItem; now: number }>;

function eventFull(event: EventItem) {
  return { message: `Event ${event.id} already has ${QUESTION_LIMIT.perEvent} questions`, type: ERROR.cardFull };
}

const ADDED_MEANWHILE = {
  message: 'Another question was added at the same time; try again',
  type: ERROR.concurrentModification,
};

/** Why an open event refused the question: full, or another question added since the card was read. */
function addedMeanwhile(ctx: AppendQuestionContext, event: EventItem) {
  const failed = failedCondition(ctx);
  const stored = failed ? (failed.item as Partial<EventItem> & { questionCount?: number }) : null;
  if (stored !== null && (stored.questionCount ?? 0) >= QUESTION_LIMIT.perEvent) return eventFull(event);
  return ADDED_MEANWHILE;
}

/**
 * Adds the stashed question after the event's others: the question Put and the event's questionCount
 * in one transaction, conditional on picks still open and fewer than QUESTION_LIMIT.perEvent
 * questions, so concurrent additions cannot overfill the event.
 */
export function request(ctx: AppendQuestionContext) {
  const event = stashedEvent(ctx);
  const now = util.time.nowEpochMilliSeconds();
  requireQuestionsOpen(event, now);
  const questions = ctx.stash.questions ?? [];
  if (questions.length >= QUESTION_LIMIT.perEvent) {
    const full = eventFull(event);
    util.error(full.message, full.type);
  }
  let last = 0;
  for (const q of questions) if (q.position > last) last = q.position;
  const seq = event.questionSeq ?? 0;
  const added = questionAdded(seq);
  const question = QUESTION.record(event.id, QUESTION.idOf(seq + 1), last + 1, ctx.stash.question);
  ctx.stash.created = question;
  ctx.stash.now = now;
  const table = tableOf(ctx);
  return transaction([
    txUpdate(
      table,
      EVENT.key(event.id),
      added.update,
      both(
        both(ifPicksOpen(now), {
          expression: 'attribute_not_exists(#countNow) OR #countNow < :max',
          names: { '#countNow': 'questionCount' },
          values: { ':max': QUESTION_LIMIT.perEvent },
        }),
        added.condition,
      ),
    ),
    txPut(table, QUESTION.key(event.id, question.id), QUESTION.attributes(question), IF_NEW),
  ]);
}

export function response(ctx: AppendQuestionContext): MutationAddQuestionResult {
  const event = stashedEvent(ctx);
  raiseWriteError(ctx, [questionEventError(ctx, event, ctx.stash.now, addedMeanwhile(ctx, event)), ADDED_MEANWHILE]);
  return toQuestion(ctx.stash.created, true);
}
