/** Every season (calendar years and named ones), newest start first, as the API lists them. */
import { useLoad } from '@pickem/client/react';
import { client, queries, type SeasonsQuery } from './api.ts';

export type Season = SeasonsQuery['seasons'][number];

export function useSeasons(): { list: Season[]; loaded: boolean; error: string | null; name: (id: string) => string } {
  const { data, error } = useLoad(async () => (await client.graphql({ query: queries.seasons })).data.seasons, []);
  const list = data ?? [];
  return {
    list,
    loaded: data !== undefined || error !== null,
    error,
    name: (id) => list.find((s) => s.id === id)?.name ?? id,
  };
}

/** The season to open on: the newest one already started (a season still to come has no standings yet). */
export function currentSeason(list: Season[], today = new Date().toISOString().slice(0, 10)): Season | undefined {
  return list.find((s) => s.startDate <= today) ?? list[0];
}
