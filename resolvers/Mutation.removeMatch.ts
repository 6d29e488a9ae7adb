import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';

/** Pipeline: getEventCard → deleteMatch. */
export function request(ctx: Context<{ eventId: string }>) {
  beginCardMutation(ctx);
  return {};
}

export function response(ctx: Context) {
  return ctx.prev.result;
}
