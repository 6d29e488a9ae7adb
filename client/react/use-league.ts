import { generateClient } from 'aws-amplify/api';
import { useRef } from 'react';
import { leagueScreen, type LeagueScreenData } from '../documents.ts';
import { useLoad, type Loaded } from './use-load.ts';

export type League = LeagueScreenData;

/** One league's screen: the league with its table, null when there is no such league (or the caller may not see it). */
export function useLeague(leagueId: string): Loaded<League | null> {
  const client = useRef(generateClient()).current;
  return useLoad<League | null>(
    async () => (await client.graphql({ query: leagueScreen, variables: { leagueId } })).data.league,
    [client, leagueId],
  );
}
