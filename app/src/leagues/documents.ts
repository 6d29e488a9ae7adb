/**
 * The two league reads the generated documents cannot give: myLeagues without every league's table
 * (the generated one selects `standings` of all ten), and a league's event board (`eventLeaderboard`
 * has a required argument, so codegen leaves it out). Typed like the generated ones, from their types.
 */
import type { BoardRow, Match } from '@pickem/client/card';
import type { LeagueQuery, MyLeaguesQuery, Typed } from '../api.ts';

type LeagueItem = MyLeaguesQuery['myLeagues'][number];
export type LeagueSummary = Pick<LeagueItem, '__typename' | 'id' | 'name' | 'memberCount' | 'myRank'> & {
  season: Pick<LeagueItem['season'], '__typename' | 'id' | 'name'>;
};

export const myLeagueList = /* GraphQL */ `
query MyLeagueList {
  myLeagues { __typename id name memberCount myRank season { __typename id name } }
}
` as Typed<Record<string, never>, { myLeagues: LeagueSummary[] }>;

/** A league board's row: a member's figures and, once the picks lock, their picks. */
export type LeagueBoardRow = BoardRow & { picks: { __typename: 'Pick'; matchId: string; team: number }[] };
export type BoardMatch = Pick<Match, '__typename' | 'id' | 'position' | 'teams' | 'result' | 'outcome'>;

/**
 * The board and, in the same request, the card it is on (the matches' teams and results, to name each
 * pick and mark it right or wrong): one request a read, whatever the number of members.
 */
export const leagueEventBoard = /* GraphQL */ `
query LeagueEventBoard($leagueId: ID!, $eventId: ID!) {
  league(leagueId: $leagueId) {
    __typename
    id
    eventLeaderboard(eventId: $eventId) {
      __typename userId rank displayName points correct picks { __typename matchId team }
    }
  }
  eventCard(eventId: $eventId) {
    __typename
    matches {
      __typename id position result outcome teams { __typename name members champion }
    }
  }
}
` as Typed<
  { leagueId: string; eventId: string },
  {
    league: { __typename: 'League'; id: string; eventLeaderboard: LeagueBoardRow[] | null } | null;
    eventCard: { __typename: 'EventCard'; matches: BoardMatch[] } | null;
  }
>;

export type League = NonNullable<LeagueQuery['league']>;

/**
 * Leaving and deleting, answering only what stays readable: the generated documents select the
 * league's table and the caller's rank, which only a member may read, so right after the call those
 * fields fail (NotMember) and the client throws although the league was left or deleted.
 */
export const leaveLeagueOnly = /* GraphQL */ `
mutation LeaveLeagueOnly($leagueId: ID!) {
  leaveLeague(leagueId: $leagueId) { __typename id name }
}
` as Typed<{ leagueId: string }, { leaveLeague: { __typename: 'League'; id: string; name: string } }>;

export const deleteLeagueOnly = /* GraphQL */ `
mutation DeleteLeagueOnly($leagueId: ID!) {
  deleteLeague(leagueId: $leagueId) { __typename id name }
}
` as Typed<{ leagueId: string }, { deleteLeague: { __typename: 'League'; id: string; name: string } }>;
