/**
 * The league's season as a chart on the league page: each member's line after each scored event. The
 * points are the league's event boards (useLeagueLines: one GraphQL request per 18 scored events, of the
 * season's events the page has read already); the chart itself is loaded on its own.
 */
import { lazy, Suspense } from 'react';
import { useLeagueLines } from '@pickem/client/react';
import type { SeasonEvent } from '@pickem/client/season-events';
import { shownName } from '../hooks.ts';

const LeagueLinesChart = lazy(() => import('./LeagueLinesChart.tsx'));

export function LeagueLines({
  league,
  events,
  me,
}: {
  league: { id: string; name: string; standings: { userId: string; displayName: string }[] };
  events: SeasonEvent[];
  me: string;
}) {
  const { steps, scored, error } = useLeagueLines(league.id, events, league.standings);
  if (scored === 0) return null;
  const members = league.standings.map((s) => ({ userId: s.userId, name: shownName(s.displayName, s.userId) }));
  return (
    <section aria-labelledby="league-lines-title">
      <h2 id="league-lines-title">Season so far</h2>
      {error && <p role="alert">{error}</p>}
      {/* The chart's room is held from the first paint, so the board below does not move when it arrives. */}
      <div className="chart-slot">
        {steps && (
          <Suspense fallback={<p aria-busy="true">Loading the chart…</p>}>
            <LeagueLinesChart steps={steps} members={members} me={me} leagueName={league.name} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
