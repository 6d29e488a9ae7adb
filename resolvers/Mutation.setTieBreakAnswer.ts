import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import type { MutationSetTieBreakAnswerArgs, MutationSetTieBreakAnswerResult } from '@pickem/domain/schema-types';
import { validTieBreak } from './lib/validate';

type SetTieBreakAnswerContext = Context<
  MutationSetTieBreakAnswerArgs,
  Record<string, never>,
  { result: MutationSetTieBreakAnswerResult }
>;

/** Pipeline: getEventCard → writeTieBreakAnswer → startLiveScoring (the live board re-ranks on it). */
export function request(ctx: SetTieBreakAnswerContext) {
  beginCardMutation(ctx);
  validTieBreak(ctx.args.answer, 'answer');
  return {};
}

export function response(ctx: SetTieBreakAnswerContext): MutationSetTieBreakAnswerResult {
  return ctx.prev.result;
}
