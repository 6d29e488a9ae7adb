import type { Context } from '@aws-appsync/utils';
import { UNREAD } from '@pickem/domain/entities/chat';
import { MEMBER, MEMBERSHIP } from '@pickem/domain/entities/league';
import { IF_STORED } from '@pickem/domain/entities/table';
import { caller } from '../lib/caller';
import { REFUSAL, answer, raise, stashedLeague } from '../lib/league';
import type { LeagueStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txUpdate } from '../lib/transact';

type WriteReadContext = Context<unknown, LeagueStash>;

/**
 * The caller has read the chat: the league's messageCount (as getLeague read it) set as readCount on
 * their member item and their membership item (one transaction), so League.unread becomes 0 in
 * league and in myLeagues alike.
 */
export function request(ctx: WriteReadContext) {
  const league = stashedLeague(ctx);
  const me = caller(ctx).sub;
  if (!ctx.stash.members.some((m) => m.userId === me)) raise(REFUSAL.notMember(league, me));
  const table = tableOf(ctx);
  const update = {
    expression: 'SET #read = :read',
    names: { '#read': UNREAD.readAttribute },
    values: { ':read': league.messageCount ?? 0 },
  };
  return transaction([
    txUpdate(table, MEMBER.key(league.id, me), update, IF_STORED),
    txUpdate(table, MEMBERSHIP.key(me, league.id), update, IF_STORED),
  ]);
}

export function response(ctx: WriteReadContext) {
  const league = stashedLeague(ctx);
  const me = caller(ctx).sub;
  raiseWriteError(ctx, [REFUSAL.notMember(league, me), REFUSAL.notMember(league, me)]);
  const members = ctx.stash.members.map((m) => (m.userId === me ? { ...m, readCount: league.messageCount ?? 0 } : m));
  return answer(ctx, league, members);
}
