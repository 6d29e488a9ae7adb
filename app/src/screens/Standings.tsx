/** Season standings, every season the events list knows, highest first, a page at a time. */
import { useEffect, useState } from 'react';
import { client, queries, type StandingsQuery } from '../api.ts';
import { href } from '../route.ts';
import { usePaged } from '../usePaged.ts';

type Row = StandingsQuery['standings']['items'][number];

/**
 * Seasons with events, newest first, and the one to open on: the newest with a started event (an
 * upcoming season has no standings yet). The events list is newest first.
 */
async function seasons(): Promise<{ all: number[]; current: number | undefined }> {
  const found = new Set<number>();
  let current: number | undefined;
  let nextToken: string | null = null;
  do {
    const page: { items: { season: number; state: string }[]; nextToken?: string | null } = (await client.graphql({ query: queries.events, variables: { limit: 100, nextToken } })).data.events;
    for (const e of page.items) {
      found.add(e.season);
      if (current === undefined && e.state !== 'UPCOMING') current = e.season;
    }
    nextToken = page.nextToken ?? null;
  } while (nextToken);
  const all = [...found].sort((a, b) => b - a);
  return { all, current: current ?? all[0] };
}

export function Standings() {
  const [all, setAll] = useState<number[]>([]);
  const [season, setSeason] = useState<number | null>(null);
  useEffect(() => {
    seasons().then(({ all, current }) => {
      setAll(all);
      setSeason((s) => s ?? current ?? new Date().getUTCFullYear());
    }, () => setSeason(new Date().getUTCFullYear()));
  }, []);
  return (
    <section aria-labelledby="standings-title">
      <h1 id="standings-title">Standings</h1>
      <label className="inline">
        Season{' '}
        <select value={season ?? ''} onChange={(e) => setSeason(Number(e.target.value))}>
          {all.map((s) => (
            <option key={s} value={s}>{s}</option>
          ))}
        </select>
      </label>
      {season !== null && <SeasonTable key={season} season={season} />}
    </section>
  );
}

function SeasonTable({ season }: { season: number }) {
  const { items, loading, error, hasMore, loadMore } = usePaged<Row>(
    async (nextToken) => (await client.graphql({ query: queries.standings, variables: { season, limit: 20, nextToken } })).data.standings,
    [season],
  );
  return (
    <>
      {error && <p role="alert">{error}</p>}
      <table className="table" aria-busy={loading} aria-label={`Standings ${season}`}>
        <thead>
          <tr><th scope="col">Rank</th><th scope="col">Player</th><th scope="col" className="num">Points</th><th scope="col" className="num">Events</th></tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.userId}>
              <td>{r.rank}</td>
              <td><a href={href.player(r.userId)}>{r.displayName}</a></td>
              <td className="num">{r.points}</td>
              <td className="num">{r.eventsPlayed}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!loading && items.length === 0 && <p>No standings for {season} yet.</p>}
      {hasMore && <button type="button" onClick={loadMore} disabled={loading}>More players</button>}
    </>
  );
}
