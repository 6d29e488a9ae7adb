import type { Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { endChatSubscriptions } from '../lib/chat';
import { ifNotCommissioner, type LeagueItem } from '@pickem/domain/entities/league';
import { ERROR } from '../lib/errors';
import {
  REFUSAL,
  changedLeague,
  leagueRefused,
  leaveItems,
  memberChange,
  raise,
  stashedLeague,
  toLeague,
} from '../lib/league';
import type { LeagueStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction } from '../lib/transact';

type WriteLeaveContext = Context<unknown, LeagueStash>;

const mustTransfer = (league: LeagueItem) => ({
  message:
    league.memberCount > 1
      ? `The commissioner cannot leave league ${league.id}: hand it to another member first (transferLeague)`
      : `The commissioner cannot leave league ${league.id}: it has no other member; delete it instead (deleteLeague)`,
  type: ERROR.commissionerMustTransfer,
});

/** The caller's membership removed both ways, the counts lowered and their table entry removed, unless they are the commissioner. */
export function request(ctx: WriteLeaveContext) {
  const league = stashedLeague(ctx);
  const me = caller(ctx).sub;
  if (!ctx.stash.members.some((m) => m.userId === me)) raise(REFUSAL.notMember(league, me));
  if (league.commissionerId === me) raise(mustTransfer(league));
  const table = tableOf(ctx);
  return transaction([
    ...leaveItems(table, league.id, me),
    memberChange(table, league, me, null, ifNotCommissioner(me)),
  ]);
}

/** The league as the others now see it: without the caller, and without its code. */
export function response(ctx: WriteLeaveContext) {
  const league = stashedLeague(ctx);
  const me = caller(ctx).sub;
  raiseWriteError(ctx, [REFUSAL.notMember(league, me), null, null, leagueRefused(league, mustTransfer(league))]);
  endChatSubscriptions(league.id, me);
  return toLeague(
    changedLeague(league, -1),
    ctx.stash.season,
    ctx.stash.members.filter((m) => m.userId !== me),
    'none',
  );
}
