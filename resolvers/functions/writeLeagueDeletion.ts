import type { Context } from '@aws-appsync/utils';
import { isAdmin } from '../lib/caller';
import { endLeagueChat } from '../lib/chat';
import { INVITE_CODE, LEAGUE, SEASON_LEAGUE, ifCommissioner } from '@pickem/domain/entities/league';
import { both } from '@pickem/domain/entities/table';
import { REFUSAL, leaveItems, requireCommissioner, stashedLeague, toLeague } from '../lib/league';
import type { LeagueStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txDelete } from '../lib/transact';

type WriteLeagueDeletionContext = Context<unknown, LeagueStash>;

/**
 * Commissioner or admin: the league (its table with it), its code, its season's listing of it and
 * every membership (both ways, with each member's league count) in one transaction: 3 + 3 items a
 * member, within 100 at the member cap. The league's condition (its members as read, its
 * commissioner) makes a concurrent join or transfer retry. Every open subscription to its chat ends.
 * Its belt (`BELT#`) and chat (`CHAT#`) partitions stay: one item a scored event and one a message,
 * unbounded, past the transaction's 100 items; nothing reads them once the league is gone
 * (docs/data-model.md#leagues-and-seasons).
 */
export function request(ctx: WriteLeagueDeletionContext) {
  const league = stashedLeague(ctx);
  if (!isAdmin(ctx)) requireCommissioner(ctx, league);
  const table = tableOf(ctx);
  const items = [
    txDelete(
      table,
      LEAGUE.key(league.id),
      both(
        { expression: '#n = :n', names: { '#n': 'memberCount' }, values: { ':n': ctx.stash.members.length } },
        ifCommissioner(league.commissionerId),
      ),
    ),
    txDelete(table, INVITE_CODE.key(league.inviteCode)),
    txDelete(table, SEASON_LEAGUE.key(league.seasonId, league.id)),
  ];
  for (const member of ctx.stash.members)
    for (const item of leaveItems(table, league.id, member.userId)) items.push(item);
  return transaction(items);
}

/** The league as it was, with no members and no code (it no longer exists). */
export function response(ctx: WriteLeagueDeletionContext) {
  const league = stashedLeague(ctx);
  raiseWriteError(ctx, [REFUSAL.changed(league)]);
  endLeagueChat(league.id);
  return toLeague({ ...league, memberCount: 0 }, ctx.stash.season, [], 'none');
}
