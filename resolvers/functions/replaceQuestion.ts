import type { Context } from '@aws-appsync/utils';
import { editedQuestionErrors, openQuestionEdit } from '../lib/questions';
import { EVENT, ifPicksOpen } from '@pickem/domain/entities/event';
import { QUESTION, toQuestion, type QuestionItem } from '@pickem/domain/entities/question';
import { IF_STORED } from '@pickem/domain/entities/table';
import type { MutationUpdateQuestionArgs, MutationUpdateQuestionResult } from '@pickem/domain/schema-types';
import type { CardStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txCheck, txPut } from '../lib/transact';

type ReplaceQuestionContext = Context<MutationUpdateQuestionArgs, CardStash & { edited: QuestionItem; now: number }>;

/** Replaces a question's fields in place (its id and position stay) while picks are open. */
export function request(ctx: ReplaceQuestionContext) {
  const { event, now, question: existing } = openQuestionEdit(ctx);
  const question = QUESTION.record(event.id, existing.id, existing.position, ctx.stash.question);
  ctx.stash.edited = question;
  const table = tableOf(ctx);
  return transaction([
    txCheck(table, EVENT.key(event.id), ifPicksOpen(now)),
    txPut(table, QUESTION.key(event.id, question.id), QUESTION.attributes(question), IF_STORED),
  ]);
}

export function response(ctx: ReplaceQuestionContext): MutationUpdateQuestionResult {
  raiseWriteError(ctx, editedQuestionErrors(ctx));
  return toQuestion(ctx.stash.edited, true);
}
