import { generateClient } from 'aws-amplify/api';
import { useRef } from 'react';
import {
  leagueLineBatches,
  leagueLines,
  leagueLinesQuery,
  type LeagueLineStep,
  type ScoredEvent,
} from '../league-lines.ts';
import { useLoad } from './use-load.ts';

type Board = { userId: string; points?: number | null }[] | null;

/**
 * Each member's season total after each scored event of `events` (the league's season's; null while the
 * screen reads them): the league's event boards, one GraphQL request per LEAGUE_LINES_BATCH scored events.
 * Read again when the scored events change, not on every reload of the league.
 */
export function useLeagueLines(
  leagueId: string,
  events: readonly (ScoredEvent & { state: string })[] | null,
  members: readonly { userId: string }[],
): { steps: LeagueLineStep[] | undefined; scored: number; error: string | null } {
  const client = useRef(generateClient()).current;
  const batches = leagueLineBatches(events ?? []);
  const key = batches
    .flat()
    .map((e) => e.id)
    .join(',');
  const { data: boards, error } = useLoad(async () => {
    const read = async (batch: ScoredEvent[]): Promise<Board[]> => {
      const variables: Record<string, string> = { leagueId };
      batch.forEach((e, i) => (variables[`e${i}`] = e.id));
      const result = (await client.graphql({ query: leagueLinesQuery(batch.length), variables })) as {
        data: { league: Record<string, Board> | null };
      };
      const league = result.data.league;
      return batch.map((_e, i) => (league ? (league[`e${i}`] ?? null) : null));
    };
    return (await Promise.all(batches.map(read))).flat();
  }, [client, leagueId, key]);
  const scored = batches.flat();
  return {
    steps: boards && boards.length === scored.length ? leagueLines(members, scored, boards) : undefined,
    scored: scored.length,
    error,
  };
}
