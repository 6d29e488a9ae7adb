import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import type { MutationSetMatchResultArgs, MutationSetMatchResultResult } from './lib/schema-types';

type SetMatchResultContext = Context<MutationSetMatchResultArgs, Record<string, never>, { result: MutationSetMatchResultResult }>;

/** Pipeline: getEventCard → writeMatchResult → startLiveScoring. */
export function request(ctx: SetMatchResultContext) {
  beginCardMutation(ctx);
  return {};
}

export function response(ctx: SetMatchResultContext): MutationSetMatchResultResult {
  return ctx.prev.result;
}
