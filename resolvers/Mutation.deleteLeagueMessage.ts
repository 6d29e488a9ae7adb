import type { Context } from '@aws-appsync/utils';
import type { MutationDeleteLeagueMessageArgs, MutationDeleteLeagueMessageResult } from '@pickem/domain/schema-types';
import { beginLeagueRequest } from './lib/league';
import type { LeagueStash } from './lib/stash';
import { requiredId } from './lib/validate';

type DeleteContext = Context<
  MutationDeleteLeagueMessageArgs,
  LeagueStash,
  { result: MutationDeleteLeagueMessageResult }
>;

/** Pipeline: getLeague (league and members, one Query) → writeMessageRemoval (one UpdateItem). */
export function request(ctx: DeleteContext) {
  requiredId(ctx.args.messageId, 'messageId');
  return beginLeagueRequest(ctx, ctx.args.leagueId);
}

export function response(ctx: DeleteContext): MutationDeleteLeagueMessageResult {
  return ctx.prev.result;
}
