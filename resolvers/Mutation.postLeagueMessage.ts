import type { Context } from '@aws-appsync/utils';
import { CHAT_LIMIT } from '@pickem/domain/limits';
import type { MutationPostLeagueMessageArgs, MutationPostLeagueMessageResult } from '@pickem/domain/schema-types';
import { beginLeagueRequest } from './lib/league';
import type { LeagueStash } from './lib/stash';
import { requiredText } from './lib/validate';

type PostContext = Context<
  MutationPostLeagueMessageArgs,
  LeagueStash & { text: string },
  { result: MutationPostLeagueMessageResult }
>;

/** Pipeline: getLeague (league and members, one Query) → writeLeagueMessage (one transaction). */
export function request(ctx: PostContext) {
  ctx.stash.text = requiredText(ctx.args.text, 'text', CHAT_LIMIT.text);
  return beginLeagueRequest(ctx, ctx.args.leagueId);
}

export function response(ctx: PostContext): MutationPostLeagueMessageResult {
  return ctx.prev.result;
}
