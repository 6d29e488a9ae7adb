import { generateClient } from 'aws-amplify/api';
import { useRef } from 'react';
import { leaguePreview } from '../graphql/queries.ts';
import type { LeaguePreview } from '../invite.ts';
import { useLoad, type Loaded } from './use-load.ts';

/**
 * An invite code's league before joining (leaguePreview, one request). Signed out, with the API key:
 * the one field the schema opens to guests (@aws_api_key); signed in, with the player's token. A null
 * code (one still being typed) reads nothing and answers null.
 */
export function useLeaguePreview(code: string, signedIn: boolean): Loaded<LeaguePreview>;
export function useLeaguePreview(code: string | null, signedIn: boolean): Loaded<LeaguePreview | null>;
export function useLeaguePreview(
  code: string | null,
  signedIn: boolean,
): Loaded<LeaguePreview> | Loaded<LeaguePreview | null> {
  const client = useRef(generateClient()).current;
  return useLoad<LeaguePreview | null>(
    async () =>
      code === null
        ? null
        : (
            await client.graphql({
              query: leaguePreview,
              variables: { code },
              authMode: signedIn ? 'userPool' : 'apiKey',
            })
          ).data.leaguePreview,
    [client, code, signedIn],
  );
}
