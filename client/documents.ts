/**
 * Hand-written documents for what the generated ones cannot give, typed like them: myLeagues without
 * every league's table (the generated one selects `standings` of all ten), and a league's event board
 * (`eventLeaderboard` has a required argument, so codegen leaves it out).
 */
import type { BoardRow } from './card.ts';
import type { MyLeaguesQuery } from './graphql/types.ts';

/** A hand-written document typed like the generated ones (its variables and its result). */
export type Typed<Variables, Result> = string & { __generatedQueryInput: Variables; __generatedQueryOutput: Result };

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
