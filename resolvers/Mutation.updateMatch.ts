import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import type { MutationUpdateMatchArgs, MutationUpdateMatchResult } from '@pickem/domain/schema-types';
import type { CardStash } from './lib/stash';
import { requiredId, validMatch } from './lib/validate';

type UpdateMatchContext = Context<MutationUpdateMatchArgs, CardStash, { result: MutationUpdateMatchResult }>;

/** Pipeline: getEventCard → replaceMatch. The input is checked (after the caller) before the card is read. */
export function request(ctx: UpdateMatchContext) {
  beginCardMutation(ctx);
  requiredId(ctx.args.matchId, 'matchId');
  ctx.stash.match = validMatch(ctx.args.input);
  return {};
}

export function response(ctx: UpdateMatchContext): MutationUpdateMatchResult {
  return ctx.prev.result;
}
