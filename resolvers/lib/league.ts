import { util, type Context } from '@aws-appsync/utils';
import { caller, isAdmin } from './caller';
import {
  INVITE_CODE,
  JOIN_ATTEMPTS,
  LEAGUE,
  LEAGUE_BAN,
  LEAGUE_LIMIT,
  LEAGUE_TABLE,
  MEMBER,
  MEMBERSHIP,
  type LeagueItem,
  type LeagueTableEntry,
  type MemberItem,
} from '@pickem/domain/entities/league';
import { UNREAD } from '@pickem/domain/entities/chat';
import type { StandingItem } from '@pickem/domain/entities/standing';
import { toSeason, type SeasonItem } from '@pickem/domain/entities/season';
import { IF_NEW, IF_STORED, type Expression, type ItemKey } from '@pickem/domain/entities/table';
import { ERROR } from './errors';
import { shownInviteCode } from '@pickem/domain/invite-code';
import type { LeagueStash } from './stash';
import { txCheck, txDelete, txPut, txUpdate, type FailureError, type TransactItem } from './transact';
import { requiredId, requiredText } from './validate';

/** Helpers of the league resolvers: who the caller is to a league, the League they see, shared writes. */

/** What the caller is to a league: a member, an admin who is not one (moderation), or neither. */
export type LeagueViewer = 'member' | 'admin' | 'none';

export function viewerOf(ctx: Context, members: MemberItem[]): LeagueViewer {
  const me = caller(ctx).sub;
  if (members.some((m) => m.userId === me)) return 'member';
  return isAdmin(ctx) ? 'admin' : 'none';
}

/**
 * A league as the GraphQL League (its field resolvers read `viewer`, and `memberItems` when the
 * members were already read with it). The invite code shows to members and admins only.
 */
export function toLeague(
  league: LeagueItem,
  season: SeasonItem,
  members: MemberItem[] | null,
  viewer: LeagueViewer,
  readCount: number | null = null,
) {
  return {
    id: league.id,
    name: league.name,
    season: toSeason(season),
    memberCount: league.memberCount,
    joinsOpen: league.joinsOpen,
    commissionerId: league.commissionerId,
    inviteCode: viewer === 'none' ? null : shownInviteCode(league.inviteCode),
    seasonId: league.seasonId,
    viewer,
    memberItems: members,
    /** The league's stored table (null on a league from before tables: its table fields read live). */
    table: league.table ?? null,
    /** The caller's unread chat messages (0 when they are no member). */
    unread: viewer === 'member' ? UNREAD.of(league.messageCount, readCount) : 0,
  };
}

/** The League a mutation answers with, from the league as written and its members as they now are. */
export function answer(ctx: Context<unknown, LeagueStash>, league: LeagueItem, members: MemberItem[]) {
  return toLeague(league, ctx.stash.season, members, viewerOf(ctx, members), myReadCount(ctx, members));
}

/** The caller's readCount on their member item (null when they are no member). */
export function myReadCount(ctx: Context, members: MemberItem[]): number | null {
  const me = caller(ctx).sub;
  const mine = members.find((m) => m.userId === me);
  return mine ? (mine.readCount ?? 0) : null;
}

export function validLeagueName(name: string): string {
  return requiredText(name, 'name', LEAGUE_LIMIT.name);
}

/** The league getLeague found, or NotFound. */
export function stashedLeague(ctx: Context<unknown, LeagueStash>): LeagueItem {
  const league = ctx.stash.league;
  if (!league) util.error(`There is no league ${ctx.stash.leagueId}`, ERROR.notFound);
  return league;
}

export function raise(error: FailureError): void {
  util.error(error.message, error.type, null, error.info ?? null);
}

export const REFUSAL = {
  notCommissioner: (league: LeagueItem) => ({
    message: `Only the commissioner of league ${league.id} may do this`,
    type: ERROR.notCommissioner,
  }),
  notMember: (league: LeagueItem, userId: string) => ({
    message: `${userId} is not a member of league ${league.id}`,
    type: ERROR.notMember,
  }),
  changed: (league: LeagueItem) => ({
    message: `League ${league.id} changed meanwhile; try again`,
    type: ERROR.concurrentModification,
  }),
  leagueLimit: () => ({
    message: `A player may be in at most ${LEAGUE_LIMIT.leaguesPerPlayer} leagues`,
    type: ERROR.leagueLimitReached,
  }),
  banned: () => ({ message: 'You were removed from this league; ask its commissioner.', type: ERROR.banned }),
  notBanned: (league: LeagueItem, userId: string) => ({
    message: `${userId} is not banned from league ${league.id}`,
    type: ERROR.notFound,
  }),
  tooManyAttempts: () => ({ message: 'Too many wrong codes. Try again in a minute.', type: ERROR.tooManyAttempts }),
};

/** A write that met a scoring pass rewriting the caller's standing: nothing was written, and trying again works. */
export const TRY_AGAIN = {
  message: 'Your points were being updated just now; please try again.',
  type: ERROR.concurrentModification,
};

/** The caller's current window of wrong invite codes (JOIN_ATTEMPTS). */
export function joinWindow(): number {
  return Math.floor(util.time.nowEpochSeconds() / JOIN_ATTEMPTS.windowSeconds);
}

/** The condition that a counter item's `count` is absent or below `cap` (placeholder names of its own). */
function countBelow(cap: number): Expression {
  return {
    expression: 'attribute_not_exists(#capped) OR #capped < :cap',
    names: { '#capped': 'count' },
    values: { ':cap': cap },
  };
}

/** The condition that a window has room for another wrong code. */
export const UNDER_ATTEMPTS: Expression = countBelow(JOIN_ATTEMPTS.maxWrong);

/** The same for the guests' shared window. */
export const UNDER_GUEST_ATTEMPTS: Expression = countBelow(JOIN_ATTEMPTS.maxWrongGuests);

/** joinLeague's checks beside its writes: the player is not banned from the league, and not throttled. */
export function joinChecks(table: string, leagueId: string, userId: string): TransactItem[] {
  return [
    txCheck(table, LEAGUE_BAN.key(leagueId, userId), IF_NEW),
    txCheck(table, JOIN_ATTEMPTS.key(userId, joinWindow()), UNDER_ATTEMPTS),
  ];
}

/** removeLeagueMember's ban of the removed player (written over an older one). */
export function banItem(table: string, leagueId: string, userId: string): TransactItem {
  return txPut(
    table,
    LEAGUE_BAN.key(leagueId, userId),
    LEAGUE_BAN.attributes(leagueId, userId, util.time.nowISO8601()),
  );
}

/** The commissioner's own request, else NotCommissioner. */
export function requireCommissioner(ctx: Context, league: LeagueItem): void {
  if (league.commissionerId !== caller(ctx).sub) raise(REFUSAL.notCommissioner(league));
}

/** A membership written both ways, and the player's league count raised (at most leaguesPerPlayer). */
export function joinItems(table: string, member: MemberItem, seasonId: string): TransactItem[] {
  return [
    txPut(table, MEMBER.key(member.leagueId, member.userId), MEMBER.attributes(member), IF_NEW),
    txPut(
      table,
      MEMBERSHIP.key(member.userId, member.leagueId),
      MEMBERSHIP.attributes({ leagueId: member.leagueId, userId: member.userId, seasonId, joinedAt: member.joinedAt }),
      IF_NEW,
    ),
    txUpdate(
      table,
      MEMBERSHIP.counterKey(member.userId),
      {
        expression: 'SET #count = if_not_exists(#count, :zero) + :one, #type = :type',
        names: { '#count': 'count', '#type': 'type' },
        values: { ':zero': 0, ':one': 1, ':type': MEMBERSHIP.counterType },
      },
      countBelow(LEAGUE_LIMIT.leaguesPerPlayer),
    ),
  ];
}

/** A membership removed both ways, and the player's league count lowered. */
export function leaveItems(table: string, leagueId: string, userId: string): TransactItem[] {
  return [
    txDelete(table, MEMBER.key(leagueId, userId), IF_STORED),
    txDelete(table, MEMBERSHIP.key(userId, leagueId)),
    txUpdate(table, MEMBERSHIP.counterKey(userId), {
      expression: 'SET #count = #count - :one',
      names: { '#count': 'count' },
      values: { ':one': 1 },
    }),
  ];
}

/** An update of the league item on `condition` (placeholder names of its own). */
export function leagueUpdate(
  table: string,
  leagueId: string,
  set: Record<string, unknown>,
  condition: Expression,
): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = Object.keys(set).map((attribute) => {
    names[`#set_${attribute}`] = attribute;
    values[`:set_${attribute}`] = set[attribute];
    return `#set_${attribute} = :set_${attribute}`;
  });
  return txUpdate(table, LEAGUE.key(leagueId), { expression: `SET ${parts.join(', ')}`, names, values }, condition);
}

/**
 * memberCount moved by one on `condition`, and the league's table with it: `entry` set for a joiner,
 * removed for a leaver (entry null), its version raised (the scoring pass's refresh, which read the
 * older version, then reads it again). A league without a table (from before tables) keeps none, on
 * the condition that it still has none: a backfill that wrote one meanwhile fails the change, which
 * answers leagueRefused's ConcurrentModification (nothing written; the player tries again).
 */
export function memberChange(
  table: string,
  league: LeagueItem,
  userId: string,
  entry: LeagueTableEntry | null,
  condition: Expression,
): TransactItem {
  const delta = entry === null ? -1 : 1;
  const names: Record<string, string> = { '#count': 'memberCount' };
  const values: Record<string, unknown> = { ':delta': delta };
  if (league.tableVersion === undefined || league.tableVersion === null) {
    return txUpdate(
      table,
      LEAGUE.key(league.id),
      { expression: 'SET #count = #count + :delta', names, values },
      {
        expression: `(${condition.expression}) AND attribute_not_exists(#noTable)`,
        names: { ...(condition.names ?? {}), '#noTable': LEAGUE_TABLE.versionAttribute },
        values: condition.values,
      },
    );
  }
  names['#table'] = LEAGUE_TABLE.attribute;
  names['#member'] = userId;
  names['#tableVersion'] = LEAGUE_TABLE.versionAttribute;
  values[':one'] = 1;
  let expression = 'SET #count = #count + :delta, #tableVersion = #tableVersion + :one';
  if (entry === null) expression = `${expression} REMOVE #table.#member`;
  else {
    values[':entry'] = entry;
    expression = `${expression}, #table.#member = :entry`;
  }
  return txUpdate(table, LEAGUE.key(league.id), { expression, names, values }, condition);
}

/**
 * The refusal of a membership change whose league condition failed: `refusal`, unless the league was
 * read without a table (a backfill may have written one meanwhile): then the plain try-again.
 */
export function leagueRefused(league: LeagueItem, refusal: FailureError): FailureError {
  return league.tableVersion === undefined || league.tableVersion === null ? REFUSAL.changed(league) : refusal;
}

/** A league as a membership change leaves it: its table fields then read the members' standings live (getMemberStandings). */
export function changedLeague(league: LeagueItem, delta: number): LeagueItem {
  return { ...league, memberCount: league.memberCount + delta, table: undefined };
}

/**
 * A check that the caller's standing (at `key`) is still the one getMyStanding read: its revision, or
 * still none. A scoring pass that rewrites it in between fails the join or creation, which would
 * otherwise keep an entry from before that pass.
 */
export function standingHeld(table: string, key: ItemKey, standing: StandingItem | null): TransactItem {
  if (!standing) return txCheck(table, key, IF_NEW);
  if (standing.rev === undefined || standing.rev === null)
    return txCheck(table, key, { expression: 'attribute_not_exists(#rev)', names: { '#rev': 'rev' } });
  return txCheck(table, key, { expression: '#rev = :rev', names: { '#rev': 'rev' }, values: { ':rev': standing.rev } });
}

export function codeItem(table: string, code: string, leagueId: string): TransactItem {
  return txPut(table, INVITE_CODE.key(code), INVITE_CODE.attributes(code, leagueId), IF_NEW);
}

/** What a League field resolver receives as its source. */
export type LeagueSource = ReturnType<typeof toLeague>;

/** A league's tables are for its members and admins: a source returned to anyone else refuses them. */
export function requireViewer(source: LeagueSource | undefined): LeagueSource {
  if (!source || source.viewer === 'none')
    util.error('Only members of a league (and admins) see its tables', ERROR.notMember);
  return source;
}

/** The request step of the league operations that name a league: a signed-in caller and a usable id. */
export function beginLeagueRequest(ctx: Context<unknown, LeagueStash>, leagueId: string): Record<string, never> {
  caller(ctx);
  ctx.stash.leagueId = requiredId(leagueId, 'leagueId');
  return {};
}

/** The request step of the commissioner's operations on a player of a league: a usable userId too. */
export function beginMemberRequest(
  ctx: Context<{ leagueId: string; userId: string }, LeagueStash>,
): Record<string, never> {
  requiredId(ctx.args.userId, 'userId');
  return beginLeagueRequest(ctx, ctx.args.leagueId);
}
