import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import type { MutationAddQuestionArgs, MutationAddQuestionResult } from '@pickem/domain/schema-types';
import type { CardStash } from './lib/stash';
import { validQuestion } from './lib/questions';

type AddQuestionContext = Context<MutationAddQuestionArgs, CardStash, { result: MutationAddQuestionResult }>;

/** Pipeline: getEventCard → appendQuestion. The input is checked (after the caller) before the card is read. */
export function request(ctx: AddQuestionContext) {
  beginCardMutation(ctx);

  ctx.stash.question = validQuestion(ctx.args.input);
  return {};
}

export function response(ctx: AddQuestionContext): MutationAddQuestionResult {
  return ctx.prev.result;
}
