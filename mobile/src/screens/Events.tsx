/** Events, newest first, a page at a time; pull to refresh. */
import { useCallback, useEffect, useState } from 'react';
import type { EventsQuery } from '@pickem/client/graphql/types';
import { client, errorText, queries } from '../api';
import { useNav } from '../nav';
import { formatTime } from '../time';
import { Alert, Button, Item, Muted, Screen, Title } from '../ui';

type EventItem = EventsQuery['events']['items'][number];
const PAGE = 10;

export function Events() {
  const { go } = useNav();
  const [items, setItems] = useState<EventItem[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async (nextToken: string | null) => {
    try {
      const { data } = await client.graphql({ query: queries.events, variables: { limit: PAGE, nextToken } });
      setItems((old) => (nextToken && old ? [...old, ...data.events.items] : data.events.items));
      setNext(data.events.nextToken ?? null);
      setError(null);
    } catch (err) {
      setError(errorText(err));
    }
  }, []);
  const refresh = useCallback(() => load(null), [load]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return (
    <Screen onRefresh={refresh}>
      <Title>Events</Title>
      <Alert>{error}</Alert>
      {items === null && !error && <Muted>Loading…</Muted>}
      {items?.length === 0 && <Muted>No events yet.</Muted>}
      {items?.map((e) => (
        <Item
          key={e.id}
          title={e.name}
          detail={`${formatTime(e.startsAt)} · ${e.matchCount} ${e.matchCount === 1 ? 'match' : 'matches'} · ${stateText[e.state]}`}
          onPress={() => go({ screen: 'event', eventId: e.id })}
        />
      ))}
      {next && <Button label="More events" onPress={() => void load(next)} />}
    </Screen>
  );
}

export const stateText: Record<EventItem['state'], string> = {
  UPCOMING: 'Upcoming',
  BROADCAST: 'Live',
  SCORED: 'Final',
};
