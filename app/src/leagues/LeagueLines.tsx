/**
 * The league's season as a chart on the league page: each member's line after each scored event. The
 * points are the league's event boards (League.eventLeaderboard), aliased in one GraphQL request per 18
 * scored events (client/league-lines.ts); the chart itself is loaded on its own.
 */
import { lazy, Suspense } from 'react';
import { useLoad } from '@pickem/client/react';
import { leagueLineBatches, leagueLines, leagueLinesQuery, type ScoredEvent } from '@pickem/client/league-lines';
import { client } from '../api.ts';
import { shownName } from '../hooks.ts';

const LeagueLinesChart = lazy(() => import('./LeagueLinesChart.tsx'));

type Board = { userId: string; points?: number | null }[] | null;

async function boardsOf(leagueId: string, events: ScoredEvent[]): Promise<Board[]> {
  const variables: Record<string, string> = { leagueId };
  events.forEach((e, i) => (variables[`e${i}`] = e.id));
  const result = (await client.graphql({ query: leagueLinesQuery(events.length), variables })) as {
    data: { league: Record<string, Board> | null };
  };
  const league = result.data.league;
  return events.map((_e, i) => (league ? (league[`e${i}`] ?? null) : null));
}

export function LeagueLines({
  league,
  events,
  me,
}: {
  league: { id: string; name: string; standings: { userId: string; displayName: string }[] };
  events: (ScoredEvent & { state: string })[];
  me: string;
}) {
  const batches = leagueLineBatches(events);
  const key = batches
    .flat()
    .map((e) => e.id)
    .join(',');
  const { data: boards, error } = useLoad(
    async () => (await Promise.all(batches.map((b) => boardsOf(league.id, b)))).flat(),
    // Read again when the scored events change (an event scored), not on every live reload of the league.
    [league.id, key],
  );
  if (batches.length === 0) return null;
  const members = league.standings.map((s) => ({ userId: s.userId, name: shownName(s.displayName, s.userId) }));
  return (
    <section aria-labelledby="league-lines-title">
      <h2 id="league-lines-title">Season so far</h2>
      {error && <p role="alert">{error}</p>}
      <div className="chart-slot">
        {boards && (
          <Suspense fallback={<p aria-busy="true">Loading the chart…</p>}>
            <LeagueLinesChart
              steps={leagueLines(league.standings, batches.flat(), boards)}
              members={members}
              me={me}
              leagueName={league.name}
            />
          </Suspense>
        )}
      </div>
    </section>
  );
}
