/**
 * One event: its card, the player's picks (saved until the bell, a countdown, locked after), and the
 * results and leaderboard live (onEventUpdate) while the screen is open.
 */
import { useCallback, useEffect, useState } from 'react';
import { Pressable, Text, View } from 'react-native';
import type { BoardRow, Card, Match } from '@pickem/client/card';
import { matchTitle, resultText, teamLabel } from '@pickem/client/card';
import { countdown } from '@pickem/client/countdown';
import { pickOutcome } from '@pickem/client/outcome';
import { client, errorText, mutations, queries } from '../api';
import { useEventUpdates, type EventUpdate } from '../live';
import { formatTime, useNow } from '../time';
import { Alert, Button, colors, Muted, RankRows, Screen, styles, Title } from '../ui';
import { stateText } from './Events';

export function EventScreen({ eventId, me }: { eventId: string; me: string }) {
  const [card, setCard] = useState<Card | null | undefined>(undefined);
  const [board, setBoard] = useState<{ rows: BoardRow[]; final: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      const { data } = await client.graphql({ query: queries.eventCard, variables: { eventId, leaderboardLimit: 20 } });
      setCard(data.eventCard);
      const lb = data.eventCard?.leaderboard;
      setBoard(lb ? { rows: lb.items, final: data.eventCard!.leaderboardFinal } : null);
      setError(null);
    } catch (err) {
      setError(errorText(err));
    }
  }, [eventId]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const onUpdate = useCallback(
    (update: EventUpdate) => {
      setCard((old) => {
        if (!old) return old;
        const event = { ...old.event, ...update.event };
        const changed = update.kind === 'RESULT' ? update.match : null;
        const matches = changed
          ? old.matches.map((m) =>
              m.id === changed.id ? { ...m, result: changed.result, outcome: changed.outcome } : m,
            )
          : old.matches;
        return { ...old, event, matches };
      });
      if (update.kind === 'RESULT' && !update.match) void reload(); // too big for a message: read the card
      if (update.kind === 'LEADERBOARD' && update.leaderboard)
        setBoard({ rows: update.leaderboard, final: update.event.state === 'SCORED' });
    },
    [reload],
  );
  const live = useEventUpdates(eventId, onUpdate);

  if (card === undefined) return <Screen>{error ? <Alert>{error}</Alert> : <Muted>Loading…</Muted>}</Screen>;
  if (card === null)
    return (
      <Screen>
        <Alert>No such event.</Alert>
      </Screen>
    );
  return (
    <Screen onRefresh={reload}>
      <CardView key={card.event.id} card={card} live={live} setCard={setCard} />
      {board && (
        <View>
          <Text accessibilityRole="header" style={styles.subtitle}>
            Leaderboard{board.final ? '' : ' (provisional)'}
          </Text>
          <RankRows rows={board.rows} me={me} testID="leaderboard-row" />
        </View>
      )}
      {card.myPrediction?.points != null && (
        <Text testID="my-points" style={styles.text}>
          Your points: {card.myPrediction.points} ({card.myPrediction.correct} correct, rank {card.myPrediction.rank})
        </Text>
      )}
    </Screen>
  );
}

function CardView({ card, live, setCard }: { card: Card; live: string; setCard: (c: Card) => void }) {
  const { event, matches } = card;
  const now = useNow();
  const left = event.state === 'UPCOMING' ? countdown(Date.parse(event.startsAt), now) : null;
  const locked = left === null;
  const [picks, setPicks] = useState<Record<string, number>>(() =>
    Object.fromEntries((card.myPrediction?.picks ?? []).map((p) => [p.matchId, p.team])),
  );
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    try {
      const chosen = Object.entries(picks).map(([matchId, team]) => ({ matchId, team }));
      const { data } = await client.graphql({
        query: mutations.savePrediction,
        variables: { eventId: event.id, picks: chosen },
      });
      setCard({ ...card, myPrediction: { ...card.myPrediction, ...data.savePrediction } });
      setStatus({ text: `Picks saved (${chosen.length} of ${matches.length}).`, error: false });
    } catch (err) {
      setStatus({ text: errorText(err), error: true });
    } finally {
      setSaving(false);
    }
  }

  return (
    <View style={{ gap: 10 }}>
      <Title>{event.name}</Title>
      <Muted>
        {formatTime(event.startsAt)} · {stateText[event.state]}
      </Muted>
      {left !== null ? (
        <Text style={styles.text}>
          Picks lock in <Text testID="countdown">{left}</Text>
        </Text>
      ) : (
        <Text testID="locked" style={styles.text}>
          Picks are locked{event.state === 'UPCOMING' ? ': the bell has rung' : ''}.
        </Text>
      )}
      {event.state === 'BROADCAST' && <Muted testID="live-status">Live updates: {live}</Muted>}
      {matches.map((m) => (
        <MatchCard
          key={m.id}
          match={m}
          pick={picks[m.id]}
          locked={locked}
          onPick={(team) => setPicks((p) => ({ ...p, [m.id]: team }))}
        />
      ))}
      {matches.length === 0 && <Muted>The card is not out yet.</Muted>}
      {!locked && matches.length > 0 && (
        <Button label="Save picks" primary disabled={saving} onPress={() => void save()} />
      )}
      {status && !(locked && !status.error) && (
        <Text accessibilityRole={status.error ? 'alert' : 'text'} style={status.error ? styles.alert : styles.text}>
          {status.text}
        </Text>
      )}
    </View>
  );
}

/** One match: its teams as choices for the pick, its points and result, and how the pick fared. */
function MatchCard({
  match,
  pick,
  locked,
  onPick,
}: {
  match: Match;
  pick: number | undefined;
  locked: boolean;
  onPick: (team: number) => void;
}) {
  const result = resultText(match);
  const outcome = pickOutcome(match, pick);
  return (
    <View testID="match" style={{ borderWidth: 1, borderColor: colors.line, borderRadius: 8, padding: 10, gap: 6 }}>
      <Text style={styles.itemTitle}>
        {match.position}. {matchTitle(match)}
      </Text>
      <Muted>
        {match.points} pts{match.preshow ? ' · Preshow' : ''}
        {match.championships.map((c) => ` · ${c}`).join('')}
      </Muted>
      {match.teams.map((team, i) => (
        <Pressable
          key={i}
          accessibilityRole="radio"
          accessibilityLabel={teamLabel(team)}
          accessibilityState={{ checked: pick === i, disabled: locked }}
          disabled={locked}
          onPress={() => onPick(i)}
          style={{
            borderWidth: 1,
            borderColor: pick === i ? colors.ink : colors.line,
            borderRadius: 6,
            padding: 8,
            backgroundColor: pick === i ? '#ececf1' : undefined,
          }}
        >
          <Text style={[styles.text, match.result === i && { fontWeight: '700' }]}>
            {pick === i ? '● ' : '○ '}
            {teamLabel(team)}
            {team.champion ? ' (c)' : ''}
          </Text>
        </Pressable>
      ))}
      {result && (
        <Text testID="result" style={styles.text}>
          {result}
        </Text>
      )}
      {outcome && (
        <Text testID="pick-outcome" style={{ color: outcome.won ? colors.won : colors.muted }}>
          {outcome.text}
        </Text>
      )}
    </View>
  );
}
