import type { Context } from '@aws-appsync/utils';
import { beginLeagueRequest } from './lib/league';
import type { MutationTransferLeagueArgs, MutationTransferLeagueResult } from '@pickem/domain/schema-types';
import type { LeagueStash } from './lib/stash';
import { requiredId } from './lib/validate';

type TransferLeagueContext = Context<MutationTransferLeagueArgs, LeagueStash, { result: MutationTransferLeagueResult }>;

/** Pipeline: getLeague → getLeagueSeason → writeTransfer. */
export function request(ctx: TransferLeagueContext) {
  requiredId(ctx.args.userId, 'userId');
  return beginLeagueRequest(ctx, ctx.args.leagueId);
}

export function response(ctx: TransferLeagueContext): MutationTransferLeagueResult {
  return ctx.prev.result;
}
