import { util, type Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { MEMBER, ifCommissioner, type LeagueItem } from '@pickem/domain/entities/league';
import { IF_STORED } from '@pickem/domain/entities/table';
import { ERROR } from '../lib/errors';
import { REFUSAL, answer, leagueUpdate, raise, requireCommissioner, stashedLeague } from '../lib/league';
import type { MutationTransferLeagueArgs } from '@pickem/domain/schema-types';
import type { LeagueStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txCheck } from '../lib/transact';

type WriteTransferContext = Context<MutationTransferLeagueArgs, LeagueStash & { updated: LeagueItem }>;

/** Commissioner: the league handed to another member (checked to be one in the same transaction). */
export function request(ctx: WriteTransferContext) {
  const league = stashedLeague(ctx);
  requireCommissioner(ctx, league);
  const { userId } = ctx.args;
  if (userId === caller(ctx).sub) util.error('You are already the commissioner', ERROR.validation);
  if (!ctx.stash.members.some((m) => m.userId === userId)) raise(REFUSAL.notMember(league, userId));
  ctx.stash.updated = { ...league, commissionerId: userId };
  const table = tableOf(ctx);
  return transaction([
    leagueUpdate(table, league.id, { commissionerId: userId }, ifCommissioner(caller(ctx).sub)),
    txCheck(table, MEMBER.key(league.id, userId), IF_STORED),
  ]);
}

export function response(ctx: WriteTransferContext) {
  const league = stashedLeague(ctx);
  raiseWriteError(ctx, [REFUSAL.notCommissioner(league), REFUSAL.notMember(league, ctx.args.userId)]);
  return answer(ctx, ctx.stash.updated, ctx.stash.members);
}
