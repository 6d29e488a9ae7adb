import { util, type Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { LEAGUE, LEAGUE_TABLE, SEASON_LEAGUE, type LeagueItem, type MemberItem } from '@pickem/domain/entities/league';
import { SEASON } from '@pickem/domain/entities/season';
import { IF_NEW, IF_STORED } from '@pickem/domain/entities/table';
import { ERROR } from '../lib/errors';
import { newInviteCode } from '../lib/invite-code';
import { REFUSAL, TRY_AGAIN, answer, codeItem, joinItems, standingHeld } from '../lib/league';
import type { LeagueStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txCheck, txPut } from '../lib/transact';

type WriteNewLeagueContext = Context<unknown, LeagueStash & { created: LeagueItem; member: MemberItem }>;

/**
 * One transaction: the league with its table (the caller's entry from their standing), its code, the
 * caller's membership both ways and their league count (at most leaguesPerPlayer), the league listed
 * under its season (the scoring pass refreshes the tables it lists), a check that the caller's
 * standing is still the one read, and for a named season a check that it still exists.
 */
export function request(ctx: WriteNewLeagueContext) {
  const me = caller(ctx).sub;
  const now = util.time.nowISO8601();
  const season = ctx.stash.season;
  const league: LeagueItem = {
    id: util.autoUlid(),
    name: ctx.stash.name,
    seasonId: season.id,
    commissionerId: me,
    memberCount: 1,
    joinsOpen: true,
    inviteCode: newInviteCode(),
    createdAt: now,
    table: { [me]: LEAGUE_TABLE.entryOf(ctx.stash.standing) },
    tableVersion: 1,
  };
  const profile = ctx.stash.profile;
  const member: MemberItem = {
    leagueId: league.id,
    userId: me,
    displayName: profile ? profile.displayName : ctx.stash.fallbackName,
    joinedAt: now,
  };
  ctx.stash.created = league;
  ctx.stash.member = member;
  const table = tableOf(ctx);
  const items = [
    txPut(table, LEAGUE.key(league.id), LEAGUE.attributes(league), IF_NEW),
    codeItem(table, league.inviteCode, league.id),
    ...joinItems(table, member, league.seasonId),
    txPut(table, SEASON_LEAGUE.key(league.seasonId, league.id), SEASON_LEAGUE.attributes(league.seasonId, league.id)),
    standingHeld(table, ctx.stash.standingKey, ctx.stash.standing),
  ];
  if (!SEASON.isCalendar(season.id)) items.push(txCheck(table, SEASON.key(season.id), IF_STORED));
  return transaction(items);
}

export function response(ctx: WriteNewLeagueContext) {
  const clash = { message: 'A new league clashed with an existing one; try again', type: ERROR.concurrentModification };
  raiseWriteError(ctx, [
    clash,
    clash,
    clash,
    clash,
    REFUSAL.leagueLimit(),
    null,
    TRY_AGAIN,
    { message: `There is no season ${ctx.stash.season.id}`, type: ERROR.notFound },
  ]);
  return answer(ctx, ctx.stash.created, [ctx.stash.member]);
}
