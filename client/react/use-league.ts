import { generateClient } from 'aws-amplify/api';
import { useRef } from 'react';
import { league as leagueQuery } from '../graphql/queries.ts';
import type { LeagueQuery } from '../graphql/types.ts';
import { useLoad, type Loaded } from './use-load.ts';

export type League = NonNullable<LeagueQuery['league']>;

/** One league's screen: the league with its table, null when there is no such league (or the caller may not see it). */
export function useLeague(leagueId: string): Loaded<League | null> {
  const client = useRef(generateClient()).current;
  return useLoad<League | null>(
    async () => (await client.graphql({ query: leagueQuery, variables: { leagueId } })).data.league,
    [client, leagueId],
  );
}
