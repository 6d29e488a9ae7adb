import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import type { MutationSetQuestionAnswerArgs, MutationSetQuestionAnswerResult } from '@pickem/domain/schema-types';
import { requiredId } from './lib/validate';

type SetQuestionAnswerContext = Context<
  MutationSetQuestionAnswerArgs,
  Record<string, never>,
  { result: MutationSetQuestionAnswerResult }
>;

/** Pipeline: getEventCard → writeQuestionAnswer → startLiveScoring (its LEADERBOARD, as for the tie-break answer). */
export function request(ctx: SetQuestionAnswerContext) {
  beginCardMutation(ctx);
  requiredId(ctx.args.questionId, 'questionId');
  return {};
}

export function response(ctx: SetQuestionAnswerContext): MutationSetQuestionAnswerResult {
  return ctx.prev.result;
}
