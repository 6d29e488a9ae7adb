/** The league documents both apps read (myLeagueList, leagueEventBoard) are in @pickem/client/documents. */
import type { Typed } from '../api.ts';

export {
  leagueEventBoard,
  myLeagueList,
  type BoardEvent,
  type BoardMatch,
  type BoardQuestionOf,
  type LeagueBoardRow,
  type LeagueSummary,
  type LeagueScreenData as League,
} from '@pickem/client/documents';

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

/** The commissioner's list of members who have not finished their picks for an event (names, and who a nudge emails), and when the league was nudged for it. */
export const missingPicksOf = /* GraphQL */ `
query MissingPicks($leagueId: ID!, $eventId: ID!) {
  league(leagueId: $leagueId) {
    __typename id
    missingPicks(eventId: $eventId) { __typename id displayName byEmail }
    nudgedAt(eventId: $eventId)
  }
}
` as Typed<
  { leagueId: string; eventId: string },
  {
    league: {
      id: string;
      missingPicks: { id: string; displayName: string; byEmail: boolean }[] | null;
      nudgedAt: string | null;
    } | null;
  }
>;
