/**
 * Private leagues, in the adjacency-list style: the league's partition `LEAGUE#<leagueId>` holds the
 * league item (`LEAGUE`) and one member item per member (`MEMBER#<userId>`), so one Query reads a
 * league with its members (bounded by the member cap). Each member's own partition holds the other
 * direction (`USER#<userId>` / `LEAGUE#<leagueId>`) and a counter of their leagues (`LEAGUES`); an
 * invite code is an item of its own (`CODE#<code>` / `CODE` → leagueId), so joining starts with a
 * GetItem of the code; then the join attempts, the league, its season and the profile are read, and one
 * transaction writes (the joinLeague pipeline in amplify/data/wiring.ts). No GSI key: league tables are
 * computed at read time from the members' standings and predictions, so scoring writes nothing per
 * league.
 */
import { userPk } from './profile';
import { beginsWith, onTable } from './access';
import type { ItemKey } from './table';

export interface LeagueItem {
  id: string;
  name: string;
  seasonId: string;
  commissionerId: string;
  memberCount: number;
  joinsOpen: boolean;
  /** The invite code in its stored form (invite-code.ts: 10 characters; shown as two groups of five). */
  inviteCode: string;
  createdAt: string;
}

export interface MemberItem {
  leagueId: string;
  userId: string;
  /** The name the member had when joining: shown while they have no profile (league tables read profiles). */
  displayName: string;
  joinedAt: string;
}

export interface MembershipItem {
  leagueId: string;
  userId: string;
  /** The league's season (it never changes): myLeagues reads the season with the league. */
  seasonId: string;
  joinedAt: string;
}

export const LEAGUE_LIMIT = {
  name: 60,
  /**
   * Members per league: bounds every league screen (one Query of the members, one BatchGetItem of
   * their standings or predictions and profiles: 2 keys a member within BatchGetItem's 100), and
   * deleteLeague's one transaction (the league, its code, and 3 items a member within 100 entries).
   */
  membersPerLeague: 30,
  /** Leagues per player: bounds myLeagues (one Query, one BatchGetItem) and each league's rank on it. */
  leaguesPerPlayer: 10,
} as const;

const LEAGUE_TYPE = 'League';
const MEMBER_TYPE = 'LeagueMember';
const MEMBERSHIP_TYPE = 'LeagueMembership';
const COUNTER_TYPE = 'LeagueCount';
const CODE_TYPE = 'LeagueCode';

const LEAGUE_SK = 'LEAGUE';
const MEMBER_PREFIX = 'MEMBER#';
const MEMBERSHIP_PREFIX = 'LEAGUE#';
const COUNTER_SK = 'LEAGUES';

const leaguePk = (leagueId: string) => `LEAGUE#${leagueId}`;

export const LEAGUE = {
  type: LEAGUE_TYPE,
  key: (leagueId: string): ItemKey => ({ PK: leaguePk(leagueId), SK: LEAGUE_SK }),
  /** Whether an item of a league's partition is the league itself (the others are members). */
  is: (item: ItemKey) => item.SK === LEAGUE_SK,
  attributes: (league: LeagueItem) => ({ type: LEAGUE_TYPE, ...league }),
  item: (league: LeagueItem) => ({ PK: leaguePk(league.id), SK: LEAGUE_SK, type: LEAGUE_TYPE, ...league }),
  /** Access pattern: the league item and every member item, at most membersPerLeague + 1 items. */
  withMembers: (leagueId: string) => onTable(leaguePk(leagueId), null, true),
};

export const MEMBER = {
  type: MEMBER_TYPE,
  key: (leagueId: string, userId: string): ItemKey => ({ PK: leaguePk(leagueId), SK: `${MEMBER_PREFIX}${userId}` }),
  attributes: (member: MemberItem) => ({ type: MEMBER_TYPE, ...member }),
  item: (member: MemberItem) => ({
    PK: leaguePk(member.leagueId),
    SK: `${MEMBER_PREFIX}${member.userId}`,
    type: MEMBER_TYPE,
    ...member,
  }),
};

export const MEMBERSHIP = {
  type: MEMBERSHIP_TYPE,
  key: (userId: string, leagueId: string): ItemKey => ({ PK: userPk(userId), SK: `${MEMBERSHIP_PREFIX}${leagueId}` }),
  attributes: (membership: MembershipItem) => ({ type: MEMBERSHIP_TYPE, ...membership }),
  item: (m: MembershipItem) => ({
    PK: userPk(m.userId),
    SK: `${MEMBERSHIP_PREFIX}${m.leagueId}`,
    type: MEMBERSHIP_TYPE,
    ...m,
  }),
  /** The counter of a player's leagues (`count`), kept in the same transactions as their memberships. */
  counterKey: (userId: string): ItemKey => ({ PK: userPk(userId), SK: COUNTER_SK }),
  counterType: COUNTER_TYPE,
  /** Access pattern: a player's memberships, at most leaguesPerPlayer items. */
  ofUser: (userId: string) => onTable(userPk(userId), beginsWith(MEMBERSHIP_PREFIX), true),
};

/**
 * A ban: `BAN#<leagueId>#<userId>` / `BAN`, written by removeLeagueMember, checked absent by
 * joinLeague's transaction, deleted by unbanLeagueMember. A partition of its own, so no league or
 * player query ever reads it.
 */
export const LEAGUE_BAN = {
  type: 'LeagueBan',
  key: (leagueId: string, userId: string): ItemKey => ({ PK: `BAN#${leagueId}#${userId}`, SK: 'BAN' }),
  attributes: (leagueId: string, userId: string, bannedAt: string) => ({
    type: 'LeagueBan',
    leagueId,
    userId,
    bannedAt,
  }),
};

/**
 * A player's wrong invite codes in one minute (`window`: epoch seconds / 60, rounded down):
 * `JOINS#<userId>` / `WINDOW#<window>` with `count`. A wrong code adds one on the condition that
 * `count` is below maxWrong; a join's transaction checks the same. A fixed window per item, so the
 * count needs no reset (a reset read and then written could be raced); `expiresAt` (epoch seconds)
 * says when the item is of no more use.
 */
export const JOIN_ATTEMPTS = {
  type: 'JoinAttempts',
  maxWrong: 5,
  windowSeconds: 60,
  key: (userId: string, window: number): ItemKey => ({ PK: `JOINS#${userId}`, SK: `WINDOW#${window}` }),
};

export const INVITE_CODE = {
  type: CODE_TYPE,
  /** `code` in its stored form (no separator, see invite-code.ts). */
  key: (code: string): ItemKey => ({ PK: `CODE#${code}`, SK: 'CODE' }),
  attributes: (code: string, leagueId: string) => ({ type: CODE_TYPE, code, leagueId }),
};
