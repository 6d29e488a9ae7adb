import type { Context } from '@aws-appsync/utils';
import { beginCardMutation } from './lib/card';
import type { MutationAddMatchArgs, MutationAddMatchResult } from '@pickem/domain/schema-types';
import type { CardStash } from './lib/stash';
import { validMatch } from './lib/validate';

type AddMatchContext = Context<MutationAddMatchArgs, CardStash, { result: MutationAddMatchResult }>;

/** Pipeline: getEventCard → appendMatch. The input is checked (after the caller) before the card is read. */
export function request(ctx: AddMatchContext) {
  beginCardMutation(ctx);
  ctx.stash.match = validMatch(ctx.args.input);
  return {};
}

export function response(ctx: AddMatchContext): MutationAddMatchResult {
  return ctx.prev.result;
}
