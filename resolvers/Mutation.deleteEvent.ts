import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import type { MutationDeleteEventArgs, MutationDeleteEventResult } from '@pickem/domain/schema-types';

type DeleteEventContext = Context<
  MutationDeleteEventArgs,
  Record<string, never>,
  { result: MutationDeleteEventResult }
>;

/** Pipeline: getEventCard → writeEventDeletion. */
export function request(ctx: DeleteEventContext) {
  beginCardMutation(ctx);
  return {};
}

export function response(ctx: DeleteEventContext): MutationDeleteEventResult {
  return ctx.prev.result;
}
