/** Events, newest first, a page at a time; pull to refresh. Above them, the commissioners' nudges. */
import type { EventsQuery } from '@pickem/client/graphql/types';
import { usePaged } from '@pickem/client/react';
import { client, queries } from '../api';
import { useNav } from '../nav';
import { formatTime } from '@pickem/client/dates';
import { Alert, Button, Item, Muted, Screen, Title } from '../ui';
import { useUpcoming } from '../use-upcoming';
import { NudgeNotices } from '../NudgeNotices';
import { CARD_CHANGED_BADGE } from '@pickem/client/card-change';

type EventItem = EventsQuery['events']['items'][number];
const PAGE = 10;

export function Events() {
  const { go } = useNav();
  const { items, loading, error, hasMore, loadMore, refresh } = usePaged<EventItem>(
    async (nextToken) =>
      (await client.graphql({ query: queries.events, variables: { limit: PAGE, nextToken } })).data.events,
    [],
  );
  const { upcoming, cardChanged } = useUpcoming();
  return (
    <Screen onRefresh={refresh}>
      <Title>Events</Title>
      <NudgeNotices upcoming={upcoming} />
      <Alert>{error}</Alert>
      {loading && items.length === 0 && !error && <Muted>Loading…</Muted>}
      {!loading && items.length === 0 && !error && <Muted>No events yet.</Muted>}
      {items.map((e) => (
        <Item
          key={e.id}
          title={e.name}
          detail={`${formatTime(e.startsAt)} · ${e.matchCount} ${e.matchCount === 1 ? 'match' : 'matches'} · ${stateText[e.state]}${cardChanged.has(e.id) ? ` · ${CARD_CHANGED_BADGE}` : ''}`}
          onPress={() => go({ screen: 'event', eventId: e.id })}
        />
      ))}
      {hasMore && <Button label="More events" disabled={loading} onPress={() => void loadMore()} />}
    </Screen>
  );
}

export const stateText: Record<EventItem['state'], string> = {
  UPCOMING: 'Upcoming',
  BROADCAST: 'Live',
  SCORED: 'Final',
};
