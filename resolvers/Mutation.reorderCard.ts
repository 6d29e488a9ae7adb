import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';

/** Pipeline: getEventCard → writeCardOrder. */
export function request(ctx: Context<{ eventId: string }>) {
  beginCardMutation(ctx);
  return {};
}

export function response(ctx: Context) {
  return ctx.prev.result;
}
