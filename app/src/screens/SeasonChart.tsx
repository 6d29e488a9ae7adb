/**
 * The season as a picture on the profile (issue 41): the running total after each scored event (a line)
 * over each event's points (bars), drawn by Recharts. Loaded on its own (React.lazy) so that the
 * charting library is not in the first page's bundle. Its words are `seasonLineText`, for screen readers.
 */
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { seasonLineText, type SeasonStep } from '@pickem/client/season-line';
import { size } from '@pickem/client/design/tokens';

export default function SeasonChart({ steps, seasonName }: { steps: SeasonStep[]; seasonName: string }) {
  const data = steps.map((s) => ({
    ...s,
    label: s.eventName.length > 14 ? `${s.eventName.slice(0, 13)}…` : s.eventName,
  }));
  return (
    <figure className="chart" data-testid="season-chart">
      <figcaption>{seasonName}: points after each event</figcaption>
      <div role="img" aria-label={seasonLineText(steps, seasonName)}>
        <ResponsiveContainer width="100%" height={size.chart}>
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid stroke="var(--color-line)" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 11, fill: 'var(--color-muted)' }} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: 'var(--color-muted)' }} />
            <Tooltip
              formatter={(value, name) => [value, name === 'total' ? 'Season total' : 'Event points']}
              labelFormatter={(_label, payload) => (payload?.[0]?.payload as SeasonStep | undefined)?.eventName ?? ''}
            />
            <Bar
              dataKey="points"
              name="points"
              fill="var(--color-accent)"
              fillOpacity={0.3}
              isAnimationActive={false}
            />
            <Line
              dataKey="total"
              name="total"
              stroke="var(--color-accent)"
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
