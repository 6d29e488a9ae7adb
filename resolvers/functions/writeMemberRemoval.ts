import { util, type Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { endChatSubscriptions } from '../lib/chat';
import { ifCommissioner } from '@pickem/domain/entities/league';
import { ERROR } from '../lib/errors';
import {
  REFUSAL,
  answer,
  banItem,
  changedLeague,
  leagueRefused,
  leaveItems,
  memberChange,
  raise,
  requireCommissioner,
  stashedLeague,
} from '../lib/league';
import type { MutationRemoveLeagueMemberArgs } from '@pickem/domain/schema-types';
import type { LeagueStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction } from '../lib/transact';

type WriteMemberRemovalContext = Context<MutationRemoveLeagueMemberArgs, LeagueStash>;

/** Commissioner: another member's membership removed both ways, the counts lowered, their table entry removed, and a ban written (joinLeague checks it; unbanLeagueMember lifts it). */
export function request(ctx: WriteMemberRemovalContext) {
  const league = stashedLeague(ctx);
  requireCommissioner(ctx, league);
  const { userId } = ctx.args;
  if (userId === caller(ctx).sub)
    util.error('The commissioner cannot remove themselves: transfer the league, or delete it', ERROR.validation);
  if (!ctx.stash.members.some((m) => m.userId === userId)) raise(REFUSAL.notMember(league, userId));
  const table = tableOf(ctx);
  return transaction([
    ...leaveItems(table, league.id, userId),
    memberChange(table, league, userId, null, ifCommissioner(caller(ctx).sub)),
    banItem(table, league.id, userId),
  ]);
}

export function response(ctx: WriteMemberRemovalContext) {
  const league = stashedLeague(ctx);
  raiseWriteError(ctx, [
    REFUSAL.notMember(league, ctx.args.userId),
    null,
    null,
    leagueRefused(league, REFUSAL.notCommissioner(league)),
  ]);
  endChatSubscriptions(league.id, ctx.args.userId);
  const members = ctx.stash.members.filter((m) => m.userId !== ctx.args.userId);
  return answer(ctx, changedLeague(league, -1), members);
}
