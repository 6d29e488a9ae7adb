/**
 * One event: its card, the player's picks (saved until the bell, a countdown, locked after), and the
 * results and leaderboard live (onEventUpdate) while the screen is open.
 */
import { useState } from 'react';
import { Pressable, Text, TextInput, View } from 'react-native';
import type { Card, Match } from '@pickem/client/card';
import { matchTitle, newChampion, teamLabel } from '@pickem/client/card';
import { countdown } from '@pickem/client/countdown';
import { lockWarning } from '@pickem/client/lock-warning';
import { extrasOf, pickLine, resultLine, withJoker, type Extras } from '@pickem/client/pick-form';
import { FINISH_METHODS, FINISH_NAMES, rulesText, type Rules } from '@pickem/client/rules';
import { formatTime } from '@pickem/client/dates';
import { COMPACT_FROM, filterOptions } from '@pickem/client/questions';
import { useEventCard, useNow, useSavePicks, type EventCardState } from '@pickem/client/react';
import { fontSize, lineWidth, radius, space } from '@pickem/client/design/tokens';
import { BoardRows } from '../BoardRows';
import { QuestionCard } from '../QuestionCard';
import { Alert, Button, Muted, Screen, Title, useTheme } from '../ui';
import { stateText } from './Events';
import { CardChangeNotice } from '../CardChangeNotice';
import { ShareButton } from '../ShareButton';
import { untouchedPicks } from '@pickem/client/card-change';

export function EventScreen({ eventId, me }: { eventId: string; me: string }) {
  const { styles } = useTheme();
  const { card, board, error, live, reload, setCard } = useEventCard(eventId);
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
          <BoardRows
            rows={board.rows}
            matches={card.matches}
            questions={card.questions}
            event={card.event}
            me={me}
            testID="leaderboard-row"
          />
        </View>
      )}
      {card.myPrediction?.points != null && (
        <Text testID="my-points" style={styles.text}>
          Your points: {card.myPrediction.points} ({card.myPrediction.correct} correct, rank {card.myPrediction.rank})
          {card.myPrediction.cardBonus > 0 ? ` including the perfect card's +${card.myPrediction.cardBonus}` : ''}
        </Text>
      )}
      {card.myPrediction?.shareUrl && (
        <ShareButton
          prediction={{ ...card.myPrediction, eventName: card.event.name, shareUrl: card.myPrediction.shareUrl }}
        />
      )}
    </Screen>
  );
}

function CardView({ card, live, setCard }: { card: Card; live: string; setCard: EventCardState['setCard'] }) {
  const { colors, styles } = useTheme();
  const { event, matches, questions } = card;
  const now = useNow();
  const left = event.state === 'UPCOMING' ? countdown(Date.parse(event.startsAt), now) : null;
  const locked = left === null;
  const [picks, setPicks] = useState<Record<string, number>>(() =>
    Object.fromEntries(untouchedPicks(event.cardChanges, card.myPrediction).map((p) => [p.matchId, p.team])),
  );
  const rules = event.rules;
  /** The joker's match, each pick's finish and the tie-break guess. */
  const [extras, setExtras] = useState<Extras>(() => extrasOf(card.myPrediction));
  /** The saved picks count for the lock warning: picks on the screen but unsaved are still missing. */
  const [savedCount, setSavedCount] = useState(card.myPrediction?.picks.length ?? 0);
  const warning = lockWarning(
    { state: event.state, startsAt: event.startsAt, matchCount: matches.length },
    savedCount,
    now,
  );
  const scores = Object.fromEntries((card.myPrediction?.scores ?? []).map((s) => [s.matchId, s.points]));
  const { save: savePicks, saving, status } = useSavePicks(event.id, matches.length, setCard);

  async function save() {
    const done = await savePicks(picks, extras, rules, questions);
    if (done) setSavedCount(done.picks.length);
  }

  return (
    <View style={{ gap: space.lg }}>
      <Title>{event.name}</Title>
      <Muted>
        {formatTime(event.startsAt)} · {stateText[event.state]}
      </Muted>
      {warning !== null && (
        <Text testID="lock-warning" accessibilityRole="alert" style={[styles.alert, { fontWeight: '600' }]}>
          {warning}
        </Text>
      )}
      <CardChangeNotice card={card} />
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
      <View testID="rules" style={{ gap: space.xxs }}>
        <Text style={styles.itemTitle}>How this event is scored</Text>
        {rulesText(rules, questions).map((line) => (
          <Text key={line} style={styles.text}>
            • {line}
          </Text>
        ))}
      </View>
      {matches.map((m) => (
        <MatchCard
          key={m.id}
          match={m}
          pick={picks[m.id]}
          locked={locked}
          onPick={(team) => setPicks((p) => ({ ...p, [m.id]: team }))}
          rules={rules}
          extras={extras}
          setExtras={setExtras}
          earnedPoints={Object.hasOwn(scores, m.id) ? scores[m.id] : null}
        />
      ))}
      {matches.length === 0 && <Muted>The card is not out yet.</Muted>}
      {questions.length > 0 && matches.length > 0 && (
        <Text accessibilityRole="header" style={styles.subtitle}>
          Questions
        </Text>
      )}
      {matches.length > 0 &&
        questions.map((q) => (
          <QuestionCard
            key={q.id}
            question={q}
            draft={extras.answers[q.id]}
            onChange={(draft) => setExtras((x) => ({ ...x, answers: { ...x.answers, [q.id]: draft } }))}
            locked={locked}
            saved={card.myPrediction?.answers}
          />
        ))}
      {rules.tieBreakQuestion && matches.length > 0 && (
        <View style={{ gap: space.xs }}>
          <Text style={styles.text}>Tie-break: {rules.tieBreakQuestion}</Text>
          <TextInput
            accessibilityLabel="Tie-break guess"
            keyboardType="number-pad"
            editable={!locked}
            value={extras.tieBreak}
            onChangeText={(text) => setExtras((x) => ({ ...x, tieBreak: text.replace(/[^0-9]/g, '') }))}
            style={styles.field}
          />
          {event.tieBreakAnswer != null && <Muted>Answer: {event.tieBreakAnswer}</Muted>}
        </View>
      )}
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
  rules,
  extras,
  setExtras,
  earnedPoints,
}: {
  match: Match;
  pick: number | undefined;
  locked: boolean;
  onPick: (team: number) => void;
  rules: Rules;
  extras: Extras;
  setExtras: (update: (x: Extras) => Extras) => void;
  /** What the server scored for this match (the player's prediction's scores), null before. */
  earnedPoints: number | null;
}) {
  const result = resultLine(match);
  const outcome = pickLine(match, pick, extras, rules, earnedPoints);
  const joker = extras.joker === match.id;
  const method = extras.methods[match.id] ?? null;
  const noExtras = locked || pick === undefined;
  const { colors, styles } = useTheme();
  // A Rumble's 30 entrants: small wrapping chips with a search box, not 30 full-width choices.
  const compact = match.teams.length >= COMPACT_FROM;
  const [search, setSearch] = useState('');
  const shown = filterOptions(match.teams.map(teamLabel), compact ? search : '');
  return (
    <View testID="match" style={styles.card}>
      <Text style={styles.itemTitle}>
        {match.position}. {matchTitle(match)}
      </Text>
      <Muted>
        {match.points} pts{match.preshow ? ' · Preshow' : ''}
        {match.championships.map((c) => ` · ${c}`).join('')}
      </Muted>
      {compact && (
        <TextInput
          accessibilityLabel={`Search the entrants: ${matchTitle(match)}`}
          placeholder="Search the entrants"
          placeholderTextColor={colors.muted}
          value={search}
          onChangeText={setSearch}
          style={styles.field}
        />
      )}
      {compact && pick !== undefined && match.teams[pick] && <Muted>Your pick: {teamLabel(match.teams[pick])}</Muted>}
      <View style={compact ? { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm } : { gap: space.sm }}>
        {shown.map((i) => {
          const team = match.teams[i];
          return (
            <Pressable
              key={i}
              accessibilityRole="radio"
              accessibilityLabel={teamLabel(team)}
              accessibilityState={{ checked: pick === i, disabled: locked }}
              disabled={locked}
              onPress={() => onPick(i)}
              style={{
                borderWidth: lineWidth.thin,
                borderColor: pick === i ? colors.accent : colors.line,
                borderRadius: compact ? radius.xl : radius.md,
                paddingVertical: compact ? space.xs : space.md,
                paddingHorizontal: space.md,
                backgroundColor: pick === i ? colors.highlight : undefined,
              }}
            >
              <Text
                style={[styles.text, match.result === i && { fontWeight: '700' }, compact && { fontSize: fontSize.xs }]}
              >
                {compact ? '' : pick === i ? '● ' : '○ '}
                {teamLabel(team)}
                {team.champion ? ' (c)' : ''}
                {match.pickShares ? ` · ${match.pickShares[i]}%${compact ? '' : ' picked'}` : ''}
              </Text>
            </Pressable>
          );
        })}
      </View>
      {rules.joker && (
        <Pressable
          accessibilityRole="switch"
          accessibilityLabel="Joker (×2)"
          accessibilityState={{ checked: joker, disabled: noExtras }}
          disabled={noExtras}
          onPress={() => setExtras((x) => withJoker(x, match.id, !joker))}
          style={{ alignSelf: 'flex-start', paddingVertical: space.xs }}
        >
          <Text style={[styles.text, noExtras && styles.muted]}>{joker ? '☑' : '☐'} Joker (×2)</Text>
        </Pressable>
      )}
      {rules.methodBonus > 0 && (
        <View accessibilityRole="radiogroup" accessibilityLabel="Finish" style={{ gap: space.xs }}>
          <Muted>Finish</Muted>
          <View style={{ flexDirection: 'row', flexWrap: 'wrap', gap: space.sm }}>
            {[null, ...FINISH_METHODS].map((f) => (
              <Pressable
                key={f ?? 'any'}
                accessibilityRole="radio"
                accessibilityLabel={f ? FINISH_NAMES[f] : 'Any finish'}
                accessibilityState={{ checked: method === f, disabled: noExtras }}
                disabled={noExtras}
                onPress={() => setExtras((x) => ({ ...x, methods: { ...x.methods, [match.id]: f ?? undefined } }))}
                style={{
                  borderWidth: lineWidth.thin,
                  borderColor: method === f ? colors.accent : colors.line,
                  borderRadius: radius.xl,
                  paddingVertical: space.xs,
                  paddingHorizontal: space.md,
                  backgroundColor: method === f ? colors.highlight : undefined,
                }}
              >
                <Text style={[styles.text, noExtras && styles.muted, { fontSize: fontSize.xs }]}>
                  {f ? FINISH_NAMES[f] : 'Any finish'}
                </Text>
              </Pressable>
            ))}
          </View>
        </View>
      )}
      {result && (
        <Text testID="result" style={styles.text}>
          {result}
          {newChampion(match) && <Text style={{ fontWeight: '700' }}> NEW CHAMPION</Text>}
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
