/**
 * The two league reads the generated documents cannot give: myLeagues without every league's table
 * (the generated one selects `standings` of all ten), and a league's event board (`eventLeaderboard`
 * has a required argument, so codegen leaves it out). Typed like the generated ones, from their types.
 */
import type { BoardRow } from '@pickem/client/card';
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

export const leagueEventBoard = /* GraphQL */ `
query LeagueEventBoard($leagueId: ID!, $eventId: ID!) {
  league(leagueId: $leagueId) {
    __typename
    id
    eventLeaderboard(eventId: $eventId) { __typename userId rank displayName points correct }
  }
}
` as Typed<
  { leagueId: string; eventId: string },
  { league: { __typename: 'League'; id: string; eventLeaderboard: BoardRow[] | null } | null }
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
