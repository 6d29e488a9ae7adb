import type { Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { LEAGUE, LEAGUE_BAN, ifCommissioner } from '@pickem/domain/entities/league';
import { IF_STORED } from '@pickem/domain/entities/table';
import { REFUSAL, answer, requireCommissioner, stashedLeague } from '../lib/league';
import type { MutationUnbanLeagueMemberArgs } from '@pickem/domain/schema-types';
import type { LeagueStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txCheck, txDelete } from '../lib/transact';

type WriteUnbanContext = Context<MutationUnbanLeagueMemberArgs, LeagueStash>;

/** Commissioner: the ban removeLeagueMember wrote is deleted (NotFound when there is none), on the condition that the caller is still the commissioner. */
export function request(ctx: WriteUnbanContext) {
  const league = stashedLeague(ctx);
  requireCommissioner(ctx, league);
  const table = tableOf(ctx);
  return transaction([
    txDelete(table, LEAGUE_BAN.key(league.id, ctx.args.userId), IF_STORED),
    txCheck(table, LEAGUE.key(league.id), ifCommissioner(caller(ctx).sub)),
  ]);
}

export function response(ctx: WriteUnbanContext) {
  const league = stashedLeague(ctx);
  raiseWriteError(ctx, [REFUSAL.notBanned(league, ctx.args.userId), REFUSAL.notCommissioner(league)]);
  return answer(ctx, league, ctx.stash.members);
}
