import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import type { MutationRemoveMatchArgs, MutationRemoveMatchResult } from '@pickem/domain/schema-types';
import { requiredId } from './lib/validate';

type RemoveMatchContext = Context<
  MutationRemoveMatchArgs,
  Record<string, never>,
  { result: MutationRemoveMatchResult }
>;

/** Pipeline: getEventCard → deleteMatch. */
export function request(ctx: RemoveMatchContext) {
  beginCardMutation(ctx);
  requiredId(ctx.args.matchId, 'matchId');
  return {};
}

export function response(ctx: RemoveMatchContext): MutationRemoveMatchResult {
  return ctx.prev.result;
}
