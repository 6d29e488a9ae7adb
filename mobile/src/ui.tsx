/** The few building blocks every screen uses: a scrolling screen with pull to refresh, texts, buttons. */
import { useCallback, useState, type ReactNode } from 'react';
import {
  Pressable,
  RefreshControl,
  ScrollView,
  StyleSheet,
  Text,
  useColorScheme,
  View,
  type TextStyle,
} from 'react-native';
import { fontSize, lineWidth, palettes, radius, space, type Palette } from '@pickem/client/design/tokens';

/** The colours and styles of the phone's colour scheme (light unless it says dark), as the web app's. */
export function useTheme(): { colors: Palette; styles: Styles } {
  return themes[useColorScheme() === 'dark' ? 'dark' : 'light'];
}

/** A screen's content, scrolling vertically only, refreshed by pulling down. */
export function Screen({ onRefresh, children }: { onRefresh?: () => Promise<void>; children: ReactNode }) {
  const { styles } = useTheme();
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

export function Title({ children }: { children: ReactNode }) {
  const { styles } = useTheme();
  return (
    <Text accessibilityRole="header" style={styles.title}>
      {children}
    </Text>
  );
}

export function Muted({ children, testID }: { children: ReactNode; testID?: string }) {
  const { styles } = useTheme();
  return (
    <Text style={styles.muted} testID={testID}>
      {children}
    </Text>
  );
}

export function Alert({ children }: { children: ReactNode }) {
  const { styles } = useTheme();
  return children ? (
    <Text accessibilityRole="alert" style={styles.alert}>
      {children}
    </Text>
  ) : null;
}

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
  const { styles } = useTheme();
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

/** A tappable row of a list (an event, a league): its title, a badge beside it if any, and a line under it. */
export function Item({
  title,
  detail,
  badge,
  onPress,
}: {
  title: string;
  detail?: ReactNode;
  badge?: { label: string; words: string; testID: string } | null;
  onPress: () => void;
}) {
  const { styles } = useTheme();
  return (
    <Pressable accessibilityRole="link" onPress={onPress} style={styles.item}>
      <View style={styles.titleRow}>
        <Text style={styles.itemTitle}>{title}</Text>
        {badge && <Badge {...badge} />}
      </View>
      {detail ? <Text style={styles.muted}>{detail}</Text> : null}
    </Pressable>
  );
}

/** A count to notice (unread messages), in the accent's colours; `words` for a screen reader. */
export function Badge({ label, words, testID }: { label: string; words: string; testID?: string }) {
  const { styles } = useTheme();
  return (
    <Text style={styles.badge} accessibilityLabel={words} testID={testID}>
      {label}
    </Text>
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
  const { styles } = useTheme();
  return (
    <>
      {rows.map((r) => {
        const below = detail?.(r) ?? null;
        return (
          <View key={r.userId}>
            <View style={{ flexDirection: 'row', gap: space.md }}>
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

function stylesOf(colors: Palette) {
  return StyleSheet.create({
    screen: { padding: space.xl, gap: space.lg },
    title: { fontSize: fontSize.xxl, fontWeight: '700', color: colors.text } as TextStyle,
    subtitle: { fontSize: fontSize.lg, fontWeight: '600', color: colors.text, marginTop: space.md } as TextStyle,
    text: { color: colors.text },
    muted: { color: colors.muted },
    alert: { color: colors.danger },
    button: {
      borderWidth: lineWidth.thin,
      borderColor: colors.text,
      borderRadius: radius.md,
      paddingVertical: space.lg,
      paddingHorizontal: space.xl,
      alignSelf: 'flex-start',
    },
    primary: { backgroundColor: colors.accent, borderColor: colors.accent },
    disabled: { opacity: 0.5 },
    buttonText: { color: colors.text, fontWeight: '600' } as TextStyle,
    primaryText: { color: colors.onAccent },
    item: { borderBottomWidth: lineWidth.thin, borderColor: colors.line, paddingVertical: space.lg },
    /** A match or a question on the event card. */
    card: {
      borderWidth: lineWidth.thin,
      borderColor: colors.line,
      borderRadius: radius.lg,
      padding: space.lg,
      gap: space.sm,
    },
    itemTitle: { fontSize: fontSize.md, fontWeight: '600', color: colors.text } as TextStyle,
    titleRow: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.md },
    badge: {
      backgroundColor: colors.accent,
      color: colors.onAccent,
      fontSize: fontSize.xs,
      fontWeight: '600',
      borderRadius: radius.pill,
      paddingHorizontal: space.md,
      overflow: 'hidden',
    } as TextStyle,
    rankRow: { color: colors.text, paddingVertical: space.xxs },
    rowPicks: { fontSize: fontSize.xs, paddingBottom: space.xs },
    mine: { fontWeight: '700' } as TextStyle,
    /** A text field on the event card (a tie-break guess, a number, a search of the options). */
    field: {
      borderWidth: lineWidth.thin,
      borderColor: colors.line,
      borderRadius: radius.md,
      padding: space.md,
      color: colors.text,
    },
    input: {
      borderWidth: lineWidth.thin,
      borderColor: colors.line,
      borderRadius: radius.md,
      padding: space.lg,
      color: colors.text,
      backgroundColor: colors.surface,
    },
  });
}

type Styles = ReturnType<typeof stylesOf>;

const themes = {
  light: { colors: palettes.light, styles: stylesOf(palettes.light) },
  dark: { colors: palettes.dark, styles: stylesOf(palettes.dark) },
};
