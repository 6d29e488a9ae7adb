import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import type { MutationRemoveQuestionArgs, MutationRemoveQuestionResult } from '@pickem/domain/schema-types';
import type { CardStash } from './lib/stash';

import { requiredId } from './lib/validate';

type RemoveQuestionContext = Context<MutationRemoveQuestionArgs, CardStash, { result: MutationRemoveQuestionResult }>;

/** Pipeline: getEventCard → deleteQuestion. */
export function request(ctx: RemoveQuestionContext) {
  beginCardMutation(ctx);
  requiredId(ctx.args.questionId, 'questionId');

  return {};
}

export function response(ctx: RemoveQuestionContext): MutationRemoveQuestionResult {
  return ctx.prev.result;
}
