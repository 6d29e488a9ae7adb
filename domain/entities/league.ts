/**
 * Private leagues, in the adjacency-list style: the league's partition `LEAGUE#<leagueId>` holds the
 * league item (`LEAGUE`) and one member item per member (`MEMBER#<userId>`), so one Query reads a
 * league with its members (bounded by the member cap). Each member's own partition holds the other
 * direction (`USER#<userId>` / `LEAGUE#<leagueId>`) and a counter of their leagues (`LEAGUES`); an
 * invite code is an item of its own (`CODE#<code>` / `CODE` → leagueId), so joining starts with a
 * GetItem of the code; then the join attempts, the league, its season and the profile are read, and one
 * transaction writes (the joinLeague pipeline in amplify/data/wiring.ts). No GSI key.
 *
 * The league item carries its table (LEAGUE_TABLE): each member's season figures with their standing's
 * revision, and a `tableVersion` raised by every write of it. join/leave/remove keep it in their
 * transactions; the final scoring pass refreshes it from the standings it settled, league by league,
 * listing a season's leagues from SEASON_LEAGUES. So myLeagues reads every rank with its leagues.
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
  /** Its table, by member user id (absent on a league created before tables: scripts/league-tables-backfill.ts). */
  table?: LeagueTable;
  /** Raised by one at every write of `table` (the scoring pass's refresh conditions on its entries, not on this). */
  tableVersion?: number;
  /** Chat messages ever posted (chat.ts UNREAD; absent: none). */
  messageCount?: number;
}

/** A member's season figures as their league's table holds them: their standing's, at its revision (zeros and 0 without one). */
export interface LeagueTableEntry {
  points: number;
  correct: number;
  eventsPlayed: number;
  rev: number;
}

export type LeagueTable = Record<string, LeagueTableEntry>;

export interface MemberItem {
  leagueId: string;
  userId: string;
  /** The name the member had when joining: shown while they have no profile (league tables read profiles). */
  displayName: string;
  joinedAt: string;
  /** The league's messageCount when the member last read its chat (chat.ts UNREAD). */
  readCount?: number;
}

export interface MembershipItem {
  leagueId: string;
  userId: string;
  /** The league's season (it never changes): myLeagues reads the season with the league. */
  seasonId: string;
  joinedAt: string;
  /** As on the member item (chat.ts UNREAD), so myLeagues counts unread messages without another read. */
  readCount?: number;
}

export const LEAGUE_LIMIT = {
  name: 60,
  /**
   * Members per league: bounds every league screen (one Query of the members, one BatchGetItem of
   * their standings or predictions and profiles: 2 keys a member within BatchGetItem's 100), and
   * deleteLeague's one transaction (the league, its code, its season's listing of it, and 3 items a
   * member within 100 entries); the league item's table (about 80 bytes a member).
   */
  membersPerLeague: 30,
  /** Leagues per player: bounds myLeagues (one Query, one BatchGetItem that brings each league's table, so its rank). */
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

/**
 * Conditions on the stored league: its commissioner is still `userId`, or is not (exported one by one,
 * not as members of LEAGUE, so that a bundle carries only those it uses).
 */
const commissioner = (op: '=' | '<>', userId: string) => ({
  expression: `#commissioner ${op} :commissioner`,
  names: { '#commissioner': 'commissionerId' },
  values: { ':commissioner': userId },
});
export const ifCommissioner = (userId: string) => commissioner('=', userId);
export const ifNotCommissioner = (userId: string) => commissioner('<>', userId);

/** The league table's attributes on the league item, and its entries. */
export const LEAGUE_TABLE = {
  attribute: 'table',
  versionAttribute: 'tableVersion',
  /** A member's entry from their standing in the league's season (null: none yet). */
  entryOf: (standing: { points: number; correct: number; eventsPlayed: number; rev?: number } | null | undefined) =>
    standing
      ? {
          points: standing.points,
          correct: standing.correct,
          eventsPlayed: standing.eventsPlayed,
          rev: standing.rev ?? 0,
        }
      : { points: 0, correct: 0, eventsPlayed: 0, rev: 0 },
};

/**
 * A season's leagues: `SEASON_LEAGUES#<seasonId>` / `LEAGUE#<leagueId>`, written by createLeague's and
 * deleted by deleteLeague's transaction; the final scoring pass lists them to refresh their tables.
 */
const seasonLeaguesPk = (seasonId: string) => `SEASON_LEAGUES#${seasonId}`;
export const SEASON_LEAGUE = {
  type: 'SeasonLeague',
  key: (seasonId: string, leagueId: string): ItemKey => ({
    PK: seasonLeaguesPk(seasonId),
    SK: `${MEMBERSHIP_PREFIX}${leagueId}`,
  }),
  attributes: (seasonId: string, leagueId: string) => ({ type: 'SeasonLeague', seasonId, leagueId }),
  /** Access pattern: every league of a season (small items, paged). */
  ofSeason: (seasonId: string) => onTable(seasonLeaguesPk(seasonId), null, true),
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
 * says when the item is of no more use. Signed-out guests (leaguePreview with the API key) have no
 * identity to count by, so they share one counter (`guestId`) with a cap of its own, maxWrongGuests:
 * no header a guest sends can give them a fresh count.
 */
export const JOIN_ATTEMPTS = {
  type: 'JoinAttempts',
  maxWrong: 5,
  guestId: 'GUESTS',
  maxWrongGuests: 30,
  windowSeconds: 60,
  key: (userId: string, window: number): ItemKey => ({ PK: `JOINS#${userId}`, SK: `WINDOW#${window}` }),
};

export const INVITE_CODE = {
  type: CODE_TYPE,
  /** `code` in its stored form (no separator, see invite-code.ts). */
  key: (code: string): ItemKey => ({ PK: `CODE#${code}`, SK: 'CODE' }),
  attributes: (code: string, leagueId: string) => ({ type: CODE_TYPE, code, leagueId }),
};
