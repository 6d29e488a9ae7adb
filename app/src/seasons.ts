/** Every season (calendar years and named ones), newest start first, as the API lists them. */
import { useEffect, useState } from 'react';
import { client, errorText, queries, type SeasonsQuery } from './api.ts';

export type Season = SeasonsQuery['seasons'][number];

export function useSeasons(): { list: Season[]; loaded: boolean; error: string | null; name: (id: string) => string } {
  const [list, setList] = useState<Season[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    client
      .graphql({ query: queries.seasons })
      .then(
        ({ data }) => setList(data.seasons),
        (err) => setError(errorText(err)),
      )
      .finally(() => setLoaded(true));
  }, []);
  return { list, loaded, error, name: (id) => list.find((s) => s.id === id)?.name ?? id };
}

/** The season to open on: the newest one already started (a season still to come has no standings yet). */
export function currentSeason(list: Season[], today = new Date().toISOString().slice(0, 10)): Season | undefined {
  return list.find((s) => s.startDate <= today) ?? list[0];
}
