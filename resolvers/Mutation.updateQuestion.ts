import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import type { MutationUpdateQuestionArgs, MutationUpdateQuestionResult } from '@pickem/domain/schema-types';
import type { CardStash } from './lib/stash';
import { validQuestion } from './lib/questions';
import { requiredId } from './lib/validate';

type UpdateQuestionContext = Context<MutationUpdateQuestionArgs, CardStash, { result: MutationUpdateQuestionResult }>;

/** Pipeline: getEventCard → replaceQuestion. The input is checked (after the caller) before the card is read. */
export function request(ctx: UpdateQuestionContext) {
  beginCardMutation(ctx);
  requiredId(ctx.args.questionId, 'questionId');
  ctx.stash.question = validQuestion(ctx.args.input);
  return {};
}

export function response(ctx: UpdateQuestionContext): MutationUpdateQuestionResult {
  return ctx.prev.result;
}
