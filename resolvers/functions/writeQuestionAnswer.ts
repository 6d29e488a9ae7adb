import { util, type Context } from '@aws-appsync/utils';
import { stashedEvent } from '../lib/card';
import { stashedQuestion } from '../lib/questions';
import { EVENT, IF_SCORABLE } from '@pickem/domain/entities/event';
import { QUESTION, toQuestion, type QuestionAnswerItem, type QuestionItem } from '@pickem/domain/entities/question';
import { IF_STORED } from '@pickem/domain/entities/table';
import { questionAnswer } from '@pickem/domain/answers';
import { ERROR } from '../lib/errors';
import type { MutationSetQuestionAnswerArgs, MutationSetQuestionAnswerResult } from '@pickem/domain/schema-types';
import type { CardStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txUpdate } from '../lib/transact';

type WriteQuestionAnswerContext = Context<MutationSetQuestionAnswerArgs, CardStash & { answered: QuestionItem }>;

/**
 * Sets (all null: clears) a question's answer, or voids it, once the event is BROADCAST or SCORED, like
 * a match result: the same transaction raises the event's card revision, so a live pass re-scores with
 * it and one on an older revision stands down; after scoring it is a correction.
 */
export function request(ctx: WriteQuestionAnswerContext) {
  const event = stashedEvent(ctx);
  if (event.state === 'UPCOMING') {
    util.error(`Answers can be entered once event ${event.id} is BROADCAST; it is UPCOMING`, ERROR.invalidState);
  }
  const question = stashedQuestion(ctx, ctx.args.questionId);
  const checked = questionAnswer(question, ctx.args.options, ctx.args.number, ctx.args.void);
  if (!Object.hasOwn(checked, 'answer')) util.error((checked as { error: string }).error, ERROR.validation);
  const answer = (checked as { answer: QuestionAnswerItem | null }).answer;
  ctx.stash.answered = { ...question, answer };
  const table = tableOf(ctx);
  return transaction([
    txUpdate(table, EVENT.key(event.id), EVENT.raiseCardRev, IF_SCORABLE),
    txUpdate(
      table,
      QUESTION.key(event.id, question.id),
      { expression: 'SET #answer = :answer', names: { '#answer': 'answer' }, values: { ':answer': answer } },
      IF_STORED,
    ),
  ]);
}

export function response(ctx: WriteQuestionAnswerContext): MutationSetQuestionAnswerResult {
  const event = stashedEvent(ctx);
  raiseWriteError(ctx, [
    { message: `Event ${event.id} changed meanwhile; reload it and try again`, type: ERROR.concurrentModification },
    { message: `Question ${ctx.args.questionId} was removed meanwhile`, type: ERROR.notFound },
  ]);
  return toQuestion(ctx.stash.answered, true);
}
