import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import { validMatch, type MatchInput } from './lib/validate';

/** Pipeline: getEventCard → appendMatch. The input is checked (after the caller) before the card is read. */
export function request(ctx: Context<{ eventId: string; input: MatchInput }>) {
  beginCardMutation(ctx);
  ctx.stash.match = validMatch(ctx.args.input);
  return {};
}

export function response(ctx: Context) {
  return ctx.prev.result;
}
