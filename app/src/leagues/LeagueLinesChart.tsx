/**
 * A league's season as a picture (issue 41): each member's season total after each scored event, one
 * line a member (the viewer's thicker, in the accent), drawn by Recharts. Loaded on its own (React.lazy),
 * as the profile's chart is. Its words are `leagueLinesText`, for screen readers.
 */
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { leagueLinesText, type LeagueLineStep } from '@pickem/client/league-lines';
import { size } from '@pickem/client/design/tokens';

/** The other members' colours, in turn (the viewer's is the accent). */
const SERIES = [
  'var(--color-won)',
  'var(--color-upcoming)',
  'var(--color-champion)',
  'var(--color-voided)',
  'var(--color-live)',
  'var(--color-warning)',
  'var(--color-muted)',
];

export default function LeagueLinesChart({
  steps,
  members,
  me,
  leagueName,
}: {
  steps: LeagueLineStep[];
  members: { userId: string; name: string }[];
  me: string;
  leagueName: string;
}) {
  const data = steps.map((s) => ({
    ...s.totals,
    eventName: s.eventName,
    label: s.eventName.length > 14 ? `${s.eventName.slice(0, 13)}…` : s.eventName,
  }));
  const others = members.filter((m) => m.userId !== me);
  const mine = members.find((m) => m.userId === me);
  return (
    <figure className="chart" data-testid="league-chart">
      <figcaption>Season points after each event</figcaption>
      <div role="img" aria-label={leagueLinesText(steps, members, leagueName)}>
        <ResponsiveContainer width="100%" height={size.chart}>
          <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid stroke="var(--color-line)" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 11, fill: 'var(--color-muted)' }} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: 'var(--color-muted)' }} />
            <Tooltip labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.eventName ?? '')} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {others.map((m, i) => (
              <Line
                key={m.userId}
                dataKey={m.userId}
                name={m.name}
                stroke={SERIES[i % SERIES.length]}
                strokeWidth={1.5}
                dot={{ r: 2 }}
                isAnimationActive={false}
              />
            ))}
            {mine && (
              <Line
                dataKey={mine.userId}
                name={`${mine.name} (you)`}
                stroke="var(--color-accent)"
                strokeWidth={3}
                dot={{ r: 3 }}
                isAnimationActive={false}
              />
            )}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
