import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import type { MutationReorderCardArgs, MutationReorderCardResult } from '@pickem/domain/schema-types';
import { requiredIds } from './lib/validate';

type ReorderCardContext = Context<
  MutationReorderCardArgs,
  Record<string, never>,
  { result: MutationReorderCardResult }
>;

/** Pipeline: getEventCard → writeCardOrder. */
export function request(ctx: ReorderCardContext) {
  beginCardMutation(ctx);
  requiredIds(ctx.args.matchIds, 'matchIds');
  return {};
}

export function response(ctx: ReorderCardContext): MutationReorderCardResult {
  return ctx.prev.result;
}
