import { util, type Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { LEAGUE_LIMIT, LEAGUE_TABLE, type LeagueItem, type MemberItem } from '@pickem/domain/entities/league';
import { ERROR } from '../lib/errors';
import {
  REFUSAL,
  TRY_AGAIN,
  answer,
  changedLeague,
  joinChecks,
  joinItems,
  leagueRefused,
  memberChange,
  raise,
  stashedLeague,
  standingHeld,
} from '../lib/league';
import type { LeagueStash } from '../lib/stash';
import { failedCondition, raiseWriteError, tableOf, transaction } from '../lib/transact';

type WriteJoinContext = Context<unknown, LeagueStash & { member: MemberItem }>;

const already = (league: LeagueItem) => ({
  message: `You are already a member of league ${league.id}`,
  type: ERROR.alreadyMember,
  info: { leagueId: league.id },
});
const full = (league: LeagueItem) => ({
  message: `League ${league.id} is full (${LEAGUE_LIMIT.membersPerLeague} members)`,
  type: ERROR.leagueFull,
});
const closed = (league: LeagueItem) => ({
  message: `League ${league.id} is not taking new members`,
  type: ERROR.joinsClosed,
});
const invalid = () => ({ message: 'No league has this invite code', type: ERROR.invalidCode });

/**
 * Refuses what the league as read already refuses, then one transaction: the membership both ways
 * (not there yet), the league's count (on the condition that the code is still its code, joins are
 * open and it is not full) and the caller's league count (below leaguesPerPlayer). A race lost to
 * another join, a rotation or a close fails the same conditions: nothing half-written ever exists.
 * Two ConditionChecks in the same transaction: no ban of the caller from this league (Banned), and
 * fewer than JOIN_ATTEMPTS.maxWrong wrong codes in the caller's current minute (TooManyAttempts).
 * The league's table gains the caller's entry from their standing as read (getMyStanding), and a
 * third check holds that standing's revision: a scoring pass that rewrote it meanwhile fails the join
 * (ConcurrentModification, nothing written) rather than leaving an entry from before the pass.
 */
export function request(ctx: WriteJoinContext) {
  const league = stashedLeague(ctx);
  const me = caller(ctx).sub;
  if (league.inviteCode !== ctx.stash.code) raise(invalid());
  if (ctx.stash.members.some((m) => m.userId === me)) raise(already(league));
  if (!league.joinsOpen) raise(closed(league));
  if (league.memberCount >= LEAGUE_LIMIT.membersPerLeague) raise(full(league));
  const profile = ctx.stash.profile;
  const member: MemberItem = {
    leagueId: league.id,
    userId: me,
    displayName: profile ? profile.displayName : ctx.stash.fallbackName,
    joinedAt: util.time.nowISO8601(),
  };
  ctx.stash.member = member;
  const table = tableOf(ctx);
  return transaction([
    ...joinItems(table, member, league.seasonId),
    memberChange(table, league, me, LEAGUE_TABLE.entryOf(ctx.stash.standing), {
      expression: '#code = :code AND #open = :open AND #n < :cap',
      names: { '#code': 'inviteCode', '#open': 'joinsOpen', '#n': 'memberCount' },
      values: { ':code': league.inviteCode, ':open': true, ':cap': LEAGUE_LIMIT.membersPerLeague },
    }),
    ...joinChecks(table, league.id, me),
    standingHeld(table, ctx.stash.standingKey, ctx.stash.standing),
  ]);
}

/** The league's failed condition says which refusal: its stored item shows the code, joins and count. */
function leagueRefusal(ctx: WriteJoinContext, league: LeagueItem) {
  const failed = failedCondition(ctx);
  const stored = failed ? (failed.item as LeagueItem | null) : null;
  if (!stored || stored.inviteCode !== league.inviteCode) return invalid();
  if (!stored.joinsOpen) return closed(league);
  return full(league);
}

export function response(ctx: WriteJoinContext) {
  const league = stashedLeague(ctx);
  raiseWriteError(ctx, [
    already(league),
    already(league),
    REFUSAL.leagueLimit(),
    leagueRefused(league, leagueRefusal(ctx, league)),
    REFUSAL.banned(),
    REFUSAL.tooManyAttempts(),
    TRY_AGAIN,
  ]);
  return answer(ctx, changedLeague(league, 1), [...ctx.stash.members, ctx.stash.member]);
}
