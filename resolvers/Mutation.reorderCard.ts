import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import type { MutationReorderCardArgs, MutationReorderCardResult } from './lib/schema-types';

type ReorderCardContext = Context<MutationReorderCardArgs, Record<string, never>, { result: MutationReorderCardResult }>;

/** Pipeline: getEventCard → writeCardOrder. */
export function request(ctx: ReorderCardContext) {
  beginCardMutation(ctx);
  return {};
}

export function response(ctx: ReorderCardContext): MutationReorderCardResult {
  return ctx.prev.result;
}
