/**
 * The league's season so far on the phone (issue 41): each member's season total after each scored event
 * of the league's season, as a list of lines, the leader first ("Sam: 5 → 12 → 20"), with the words the
 * web chart gives screen readers. The same data as the web app's chart (useLeagueLines), on the season's
 * events the league screen read.
 */
import { Text, View } from 'react-native';
import { leagueLinesText } from '@pickem/client/league-lines';
import { useLeagueLines } from '@pickem/client/react';
import type { SeasonEvent } from '@pickem/client/season-events';
import { space } from '@pickem/client/design/tokens';
import { Alert, Muted, useTheme } from './ui';

export function LeagueLines({
  league,
  events,
  me,
}: {
  league: {
    id: string;
    name: string;
    season: { startDate: string; endDate: string };
    standings: { userId: string; displayName: string }[];
  };
  /** The league's season's events (null while they are read), read once by the league screen. */
  events: SeasonEvent[] | null;
  me: string;
}) {
  const { styles } = useTheme();
  const { steps, scored, error } = useLeagueLines(league.id, events, league.standings);
  if (scored === 0) return null;
  const members = league.standings.map((s) => ({ userId: s.userId, name: s.displayName }));
  const last = steps?.[steps.length - 1];
  const ranked = last ? [...members].sort((a, b) => (last.totals[b.userId] ?? 0) - (last.totals[a.userId] ?? 0)) : [];
  return (
    <View
      style={{ gap: space.xs }}
      accessibilityLabel={steps ? leagueLinesText(steps, members, league.name) : undefined}
    >
      <Text accessibilityRole="header" style={styles.subtitle}>
        Season so far
      </Text>
      <Alert>{error}</Alert>
      {steps ? (
        <>
          <Muted>After {steps.map((s) => s.eventName).join(', ')}</Muted>
          {ranked.map((m) => (
            <Text key={m.userId} testID="league-line" style={[styles.rankRow, m.userId === me && styles.mine]}>
              {m.name}: {steps.map((s) => s.totals[m.userId] ?? 0).join(' → ')}
            </Text>
          ))}
        </>
      ) : (
        <Muted>Loading…</Muted>
      )}
    </View>
  );
}
