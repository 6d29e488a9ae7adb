import { util, type Context } from '@aws-appsync/utils';
import { ERROR } from './errors';
import type { EventItem } from '@pickem/domain/entities/event';
import type { QuestionFields, QuestionItem } from '@pickem/domain/entities/question';
import { questionFields } from '@pickem/domain/questions';
import type { QuestionInput } from '@pickem/domain/schema-types';
import { predictionsLocked } from '@pickem/domain/visibility';
import { failedCondition, type FailureError } from './transact';
import { cardChangedMeanwhile, stashedEvent } from './card';
import type { CardStash } from './stash';

/** Helpers of the question pipelines (addQuestion, updateQuestion, removeQuestion, setQuestionAnswer). */

/** A QuestionInput as stored, or ValidationError. */
export function validQuestion(input: QuestionInput): QuestionFields {
  const checked = questionFields(input);
  if (!Object.hasOwn(checked, 'fields')) util.error((checked as { error: string }).error, ERROR.validation);
  return (checked as { fields: QuestionFields }).fields;
}

/** Question edits stop at the bell (players answered them): CardLocked. */
export function requireQuestionsOpen(event: EventItem, nowMs: number): void {
  if (predictionsLocked(event, nowMs))
    util.error(`The questions of event ${event.id} are locked: the bell has rung`, ERROR.cardLocked);
}

/** The stashed question of `questionId`, or NotFound. */
export function stashedQuestion(ctx: Context<{ eventId: string }, CardStash>, questionId: string): QuestionItem {
  const question = (ctx.stash.questions ?? []).find((q) => q.id === questionId);
  if (!question) util.error(`Question ${questionId} is not on event ${ctx.args.eventId}`, ERROR.notFound);
  return question;
}

/**
 * The start of an edit of a stored question (updateQuestion, removeQuestion): the stashed event, still
 * open now (else CardLocked), and its question of `questionId` (else NotFound); `now` is stashed for the
 * response's errors (editedQuestionErrors).
 */
export function openQuestionEdit(ctx: Context<{ eventId: string; questionId: string }, CardStash & { now: number }>): {
  event: EventItem;
  now: number;
  question: QuestionItem;
} {
  const event = stashedEvent(ctx);
  const now = util.time.nowEpochMilliSeconds();
  requireQuestionsOpen(event, now);
  const question = stashedQuestion(ctx, ctx.args.questionId);
  ctx.stash.now = now;
  return { event, now, question };
}

/** The error for the event item's failed condition on a question edit: locked meanwhile, else `whileOpen`. */
export function questionEventError(ctx: Context, event: EventItem, nowMs: number, whileOpen: FailureError) {
  const failed = failedCondition(ctx);
  const stored = failed ? (failed.item as Partial<EventItem> | null) : null;
  if (stored && stored.state === 'UPCOMING' && (stored.startsAtMs ?? 0) > nowMs) return whileOpen;
  return { message: `The questions of event ${event.id} were locked or removed meanwhile`, type: ERROR.cardLocked };
}

/** The event's question count moved by `delta` (addQuestion +1, removeQuestion -1), with the question's own write. */
export const questionCountBy = (delta: number) => ({
  expression: 'ADD #count :delta',
  names: { '#count': 'questionCount' },
  values: { ':delta': delta },
});

/** addQuestion's event update: the count and the ids' sequence raised by one, from the sequence read. */
export const questionAdded = (seenSeq: number) => ({
  update: {
    expression: 'ADD #count :one, #seq :one',
    names: { '#count': 'questionCount', '#seq': 'questionSeq' },
    values: { ':one': 1 },
  },
  condition:
    seenSeq === 0
      ? { expression: 'attribute_not_exists(#seqNow)', names: { '#seqNow': 'questionSeq' }, values: {} }
      : { expression: '#seqNow = :seq', names: { '#seqNow': 'questionSeq' }, values: { ':seq': seenSeq } },
});

/** The errors of an edit of a stored question whose transaction failed: the event locked or changed meanwhile, or the question gone. */
export function editedQuestionErrors(
  ctx: Context<{ eventId: string; questionId: string }, CardStash & { now: number }>,
) {
  const event = ctx.stash.event as EventItem;
  return [
    questionEventError(ctx, event, ctx.stash.now, cardChangedMeanwhile(event)),
    { message: `Question ${ctx.args.questionId} was removed meanwhile`, type: ERROR.notFound },
  ];
}
