import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import type { MutationSetMatchResultArgs, MutationSetMatchResultResult } from '@pickem/domain/schema-types';
import { requiredId } from './lib/validate';

type SetMatchResultContext = Context<
  MutationSetMatchResultArgs,
  Record<string, never>,
  { result: MutationSetMatchResultResult }
>;

/** Pipeline: getEventCard → writeMatchResult → startLiveScoring. */
export function request(ctx: SetMatchResultContext) {
  beginCardMutation(ctx);
  requiredId(ctx.args.matchId, 'matchId');
  return {};
}

export function response(ctx: SetMatchResultContext): MutationSetMatchResultResult {
  return ctx.prev.result;
}
