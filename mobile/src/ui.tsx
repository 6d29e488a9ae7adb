/** The few building blocks every screen uses: a scrolling screen with pull to refresh, texts, buttons. */
import { useCallback, useState, type ReactNode } from 'react';
import { Pressable, RefreshControl, ScrollView, StyleSheet, Text, View, type TextStyle } from 'react-native';

export const colors = { ink: '#1b1b1f', muted: '#5f6368', accent: '#b3261e', line: '#d9d9de', won: '#1e7d32' };

/** A screen's content, scrolling vertically only, refreshed by pulling down. */
export function Screen({ onRefresh, children }: { onRefresh?: () => Promise<void>; children: ReactNode }) {
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    if (!onRefresh) return;
    setRefreshing(true);
    try {
      await onRefresh();
    } finally {
      setRefreshing(false);
    }
  }, [onRefresh]);
  return (
    <ScrollView
      contentContainerStyle={styles.screen}
      refreshControl={onRefresh ? <RefreshControl refreshing={refreshing} onRefresh={refresh} /> : undefined}
    >
      {children}
    </ScrollView>
  );
}

export const Title = ({ children }: { children: ReactNode }) => (
  <Text accessibilityRole="header" style={styles.title}>
    {children}
  </Text>
);

export const Muted = ({ children, testID }: { children: ReactNode; testID?: string }) => (
  <Text style={styles.muted} testID={testID}>
    {children}
  </Text>
);

export const Alert = ({ children }: { children: ReactNode }) =>
  children ? (
    <Text accessibilityRole="alert" style={styles.alert}>
      {children}
    </Text>
  ) : null;

export function Button({
  label,
  onPress,
  disabled,
  primary,
}: {
  label: string;
  onPress: () => void;
  disabled?: boolean;
  primary?: boolean;
}) {
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityState={{ disabled: !!disabled }}
      disabled={disabled}
      onPress={onPress}
      style={[styles.button, primary && styles.primary, disabled && styles.disabled]}
    >
      <Text style={[styles.buttonText, primary && styles.primaryText]}>{label}</Text>
    </Pressable>
  );
}

/** A tappable row of a list (an event, a league): its title and a line under it. */
export function Item({ title, detail, onPress }: { title: string; detail?: ReactNode; onPress: () => void }) {
  return (
    <Pressable accessibilityRole="link" onPress={onPress} style={styles.item}>
      <Text style={styles.itemTitle}>{title}</Text>
      {detail ? <Text style={styles.muted}>{detail}</Text> : null}
    </Pressable>
  );
}

/**
 * A ranked table's rows (a leaderboard, standings, a league's table); the player's own row in bold.
 * `detail`: a muted text under a row (a board's picks and tie-break guess: rowPicksText), null for none.
 */
export function RankRows<
  R extends {
    userId: string;
    rank?: number | null;
    displayName: string;
    points?: number | null;
    possiblePoints?: number | null;
  },
>({ rows, me, testID, detail }: { rows: R[]; me?: string; testID: string; detail?: (row: R) => string | null }) {
  return (
    <>
      {rows.map((r) => {
        const below = detail?.(r) ?? null;
        return (
          <View key={r.userId}>
            <View style={{ flexDirection: 'row', gap: 8 }}>
              <Text
                testID={testID}
                style={[styles.rankRow, r.userId === me && styles.mine, { flex: 1 }]}
                numberOfLines={1}
              >
                {r.rank ?? '–'}. {r.displayName} · {r.points ?? 0} pts
              </Text>
              {r.possiblePoints != null && (
                <Text testID="possible" style={[styles.rankRow, styles.muted]}>
                  +{r.possiblePoints} possible
                </Text>
              )}
            </View>
            {below !== null && (
              <Text testID="row-picks" style={[styles.muted, styles.rowPicks]}>
                {below}
              </Text>
            )}
          </View>
        );
      })}
    </>
  );
}

export const styles = StyleSheet.create({
  screen: { padding: 16, gap: 10 },
  title: { fontSize: 22, fontWeight: '700', color: colors.ink } as TextStyle,
  subtitle: { fontSize: 17, fontWeight: '600', color: colors.ink, marginTop: 8 } as TextStyle,
  text: { color: colors.ink },
  muted: { color: colors.muted },
  alert: { color: colors.accent },
  button: {
    borderWidth: 1,
    borderColor: colors.ink,
    borderRadius: 6,
    paddingVertical: 10,
    paddingHorizontal: 14,
    alignSelf: 'flex-start',
  },
  primary: { backgroundColor: colors.ink },
  disabled: { opacity: 0.5 },
  buttonText: { color: colors.ink, fontWeight: '600' } as TextStyle,
  primaryText: { color: '#fff' },
  item: { borderBottomWidth: 1, borderColor: colors.line, paddingVertical: 10 },
  itemTitle: { fontSize: 16, fontWeight: '600', color: colors.ink } as TextStyle,
  rankRow: { color: colors.ink, paddingVertical: 2 },
  rowPicks: { fontSize: 13, paddingBottom: 4 },
  mine: { fontWeight: '700' } as TextStyle,
  input: { borderWidth: 1, borderColor: colors.line, borderRadius: 6, padding: 10, color: colors.ink },
});
