import type { Context } from '@aws-appsync/utils';
import { editedQuestionErrors, openQuestionEdit, questionCountBy } from '../lib/questions';
import { EVENT, ifPicksOpen } from '@pickem/domain/entities/event';
import { QUESTION, toQuestion, type QuestionItem } from '@pickem/domain/entities/question';
import { IF_STORED } from '@pickem/domain/entities/table';
import type { MutationRemoveQuestionArgs, MutationRemoveQuestionResult } from '@pickem/domain/schema-types';
import type { CardStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txDelete, txUpdate } from '../lib/transact';

type DeleteQuestionContext = Context<MutationRemoveQuestionArgs, CardStash & { removed: QuestionItem; now: number }>;

/**
 * Removes a question while picks are open: the question Delete and the event's questionCount in one
 * transaction. Answers already saved to it stay on their predictions and score nothing.
 */
export function request(ctx: DeleteQuestionContext) {
  const { event, now, question } = openQuestionEdit(ctx);
  ctx.stash.removed = question;
  const table = tableOf(ctx);
  return transaction([
    txUpdate(table, EVENT.key(event.id), questionCountBy(-1), ifPicksOpen(now)),
    txDelete(table, QUESTION.key(event.id, question.id), IF_STORED),
  ]);
}

export function response(ctx: DeleteQuestionContext): MutationRemoveQuestionResult {
  raiseWriteError(ctx, editedQuestionErrors(ctx));
  return toQuestion(ctx.stash.removed, true);
}
