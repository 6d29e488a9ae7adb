/**
 * One league: its season, its invite code, its chat (opened from its header, which counts what is
 * unread: followed live from the start), its table, its season so far (each member's total after each
 * scored event), and its board for an event, live while it runs.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Text, View } from 'react-native';
import {
  leagueEventBoard,
  type BoardEvent,
  type BoardMatch,
  type BoardQuestionOf,
  type LeagueBoardRow,
} from '@pickem/client/documents';
import { seasonEvents, type SeasonEvent } from '@pickem/client/season-events';
import { useEventUpdates, useLeague, useLeagueChat } from '@pickem/client/react';
import { client } from '../api';
import { useNav } from '../nav';
import { space } from '@pickem/client/design/tokens';
import { formatDay } from '@pickem/client/dates';
import { championText } from '@pickem/client/honours';
import { BoardRows } from '../BoardRows';
import { Alert, Badge, Button, Muted, RankRows, Screen, Title, useTheme } from '../ui';
import { LeagueChat, unreadBadge } from '../LeagueChat';
import { LeagueLines } from '../LeagueLines';

export function LeagueScreen({ leagueId, eventId, me }: { leagueId: string; eventId?: string; me: string }) {
  const { styles } = useTheme();
  const { data: league, error, reload } = useLeague(leagueId);
  const [chatOpen, setChatOpen] = useState(false);
  const chat = useLeagueChat(leagueId, chatOpen && !!league);
  const badge = unreadBadge(chat.unread, 'chat-unread');
  if (league === undefined) return <Screen>{error ? <Alert>{error}</Alert> : <Muted>Loading…</Muted>}</Screen>;
  if (league === null)
    return (
      <Screen>
        <Alert>No such league.</Alert>
      </Screen>
    );
  return (
    <Screen onRefresh={reload}>
      <Title>{league.name}</Title>
      <Muted>
        {league.season.name} ({formatDay(league.season.startDate)} to {formatDay(league.season.endDate)}) ·{' '}
        {league.memberCount} {league.memberCount === 1 ? 'member' : 'members'}
        {league.myRank != null ? ` · you are #${league.myRank}` : ''}
      </Muted>
      {league.inviteCode && (
        <Text selectable style={styles.text} testID="invite-code">
          Invite code: {league.inviteCode}
        </Text>
      )}
      <Alert>{error}</Alert>
      <Text style={styles.text} testID="league-champion">
        {championText(league.champion)}
      </Text>
      <View style={{ flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.md }}>
        <Text accessibilityRole="header" style={styles.subtitle}>
          Chat
        </Text>
        {badge && <Badge {...badge} />}
      </View>
      <Button label={chatOpen ? 'Hide chat' : 'Open chat'} onPress={() => setChatOpen(!chatOpen)} />
      {chatOpen && <LeagueChat chat={chat} me={me} commissionerId={league.commissionerId} />}
      <Text accessibilityRole="header" style={styles.subtitle}>
        Table
      </Text>
      <RankRows rows={league.standings} me={me} testID="league-row" />
      <SeasonParts league={league} eventId={eventId} me={me} onScored={reload} />
    </Screen>
  );
}

/**
 * The parts of the screen that need the season's events, read once for both (as the web page does):
 * the season so far and the board for an event.
 */
function SeasonParts({
  league,
  eventId,
  me,
  onScored,
}: {
  league: Parameters<typeof LeagueLines>[0]['league'];
  eventId?: string;
  me: string;
  onScored: () => Promise<void>;
}) {
  const [events, setEvents] = useState<SeasonEvent[] | null>(null);
  // Read once per season: the league is read again on every refresh, with a new season object each time.
  const { startDate, endDate } = league.season;
  useEffect(() => {
    seasonEvents({ startDate, endDate }).then(setEvents, () => setEvents([]));
  }, [startDate, endDate]);
  // The season's events already started: a board has nothing before the bell.
  const started = useMemo(() => (events ?? []).filter((e) => e.state !== 'UPCOMING'), [events]);
  return (
    <>
      <LeagueLines league={league} events={events} me={me} />
      <EventBoard leagueId={league.id} events={started} eventId={eventId} me={me} onScored={onScored} />
    </>
  );
}

/**
 * The league's board for one event of its season (the latest one unless the route names one), live:
 * each member's picks, joker, finishes and tie-break guess once they lock.
 */
function EventBoard({
  leagueId,
  events,
  eventId,
  me,
  onScored,
}: {
  leagueId: string;
  /** The season's events already started, newest first. */
  events: SeasonEvent[];
  eventId?: string;
  me: string;
  onScored: () => Promise<void>;
}) {
  const { go } = useNav();
  const { styles } = useTheme();
  const [rows, setRows] = useState<LeagueBoardRow[] | null>(null);
  const [card, setCard] = useState<{ event: BoardEvent; matches: BoardMatch[]; questions: BoardQuestionOf[] } | null>(
    null,
  );
  const shown = events.find((e) => e.id === eventId) ?? events[0];
  const load = useCallback(async () => {
    if (!shown) return;
    const { data } = await client.graphql({
      query: leagueEventBoard,
      variables: { leagueId, eventId: shown.id },
    });
    setRows(data.league?.eventLeaderboard ?? null);
    setCard(data.eventCard);
  }, [leagueId, shown]);
  useEffect(() => {
    void load().catch(() => setRows(null));
  }, [load]);
  // The league's board is the event's, ranked within the league: read again on each new leaderboard.
  useEventUpdates(shown?.id, (update) => {
    if (update.kind !== 'LEADERBOARD') return;
    void load().catch(() => undefined);
    if (update.event.state === 'SCORED') void onScored();
  });
  if (!shown) return null;
  return (
    <View style={{ gap: space.xs }}>
      <Text accessibilityRole="header" style={styles.subtitle}>
        {shown.name}
      </Text>
      {rows?.length ? (
        <BoardRows
          rows={rows}
          matches={card?.matches ?? []}
          questions={card?.questions ?? []}
          event={card?.event ?? null}
          me={me}
          testID="league-board-row"
        />
      ) : (
        rows && <Muted>No picks in this league yet.</Muted>
      )}
      <View style={{ flexDirection: 'row', flexWrap: 'wrap', gap: space.sm }}>
        {events
          .filter((e) => e.id !== shown.id)
          .slice(0, 3)
          .map((e) => (
            <Button key={e.id} label={e.name} onPress={() => go({ screen: 'league', leagueId, eventId: e.id })} />
          ))}
      </View>
    </View>
  );
}
