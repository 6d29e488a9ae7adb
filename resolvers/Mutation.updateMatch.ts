import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import { requiredId, validMatch, type MatchInput } from './lib/validate';

/** Pipeline: getEventCard → replaceMatch. The input is checked (after the caller) before the card is read. */
export function request(ctx: Context<{ eventId: string; matchId: string; input: MatchInput }>) {
  beginCardMutation(ctx);
  requiredId(ctx.args.matchId, 'matchId');
  ctx.stash.match = validMatch(ctx.args.input);
  return {};
}

export function response(ctx: Context) {
  return ctx.prev.result;
}
