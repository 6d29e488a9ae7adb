/** Season standings, every season (calendar years and named ones), highest first, a page at a time. */
import { useState } from 'react';
import { client, queries, type StandingsQuery } from '../api.ts';
import { MemberRows } from '../MemberRow.tsx';
import { currentSeason, useSeasons } from '../seasons.ts';
import { RankTable } from '../RankTable.tsx';
import { usePaged } from '@pickem/client/react';
import { formatDay } from '../hooks.ts';

type Row = StandingsQuery['standings']['items'][number];

export function Standings({ me }: { me: string }) {
  const seasons = useSeasons();
  const [chosen, setChosen] = useState<string | null>(null);
  const season = seasons.list.find((s) => s.id === chosen) ?? currentSeason(seasons.list);
  return (
    <section aria-labelledby="standings-title">
      <h1 id="standings-title">Standings</h1>
      {seasons.error && <p role="alert">{seasons.error}</p>}
      <label className="inline">
        Season{' '}
        <select value={season?.id ?? ''} onChange={(e) => setChosen(e.target.value)}>
          {seasons.list.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      {season && (
        <p className="muted">
          {formatDay(season.startDate)} to {formatDay(season.endDate)}
        </p>
      )}
      {season && <SeasonTable key={season.id} seasonId={season.id} name={season.name} me={me} />}
      {seasons.loaded && !season && <p>No seasons yet.</p>}
    </section>
  );
}

function SeasonTable({ seasonId, name, me }: { seasonId: string; name: string; me: string }) {
  const { items, loading, error, hasMore, loadMore } = usePaged<Row>(
    async (nextToken) =>
      (await client.graphql({ query: queries.standings, variables: { seasonId, limit: 20, nextToken } })).data
        .standings,
    [seasonId],
  );
  return (
    <>
      {error && <p role="alert">{error}</p>}
      <RankTable
        aria-busy={loading}
        aria-label={`Standings, ${name}`}
        data-testid="standings"
        columns={['Rank', 'Player', { num: 'Points' }, { num: 'Events' }]}
      >
        <MemberRows rows={items} me={me} cells={(r) => [r.points, r.eventsPlayed]} />
      </RankTable>
      {!loading && items.length === 0 && <p>No standings for {name} yet.</p>}
      {hasMore && (
        <button type="button" onClick={loadMore} disabled={loading}>
          More players
        </button>
      )}
    </>
  );
}
