/**
 * Live updates of one event (onEventUpdate). Updates can arrive out of order (README, "Live updates"):
 * each is a whole snapshot with `readAt`, so the newest per kind wins (RESULT: per match) and an older
 * one is dropped.
 */
import { useEffect, useRef, useState } from 'react';
import { CONNECTION_STATE_CHANGE, ConnectionState } from 'aws-amplify/api';
import { Hub } from 'aws-amplify/utils';
import { client, subscriptions, type OnEventUpdateSubscription } from './api.ts';

export type EventUpdate = NonNullable<OnEventUpdateSubscription['onEventUpdate']>;

export function isNewer(newest: Map<string, string>, update: Pick<EventUpdate, 'kind' | 'matchId' | 'readAt'>): boolean {
  const key = update.kind === 'RESULT' ? `RESULT ${update.matchId}` : update.kind;
  if ((newest.get(key) ?? '') > update.readAt) return false;
  newest.set(key, update.readAt);
  return true;
}

/** Calls `onUpdate` with each newer update while the screen shows the event; the connection state for the page. */
export function useEventUpdates(eventId: string, onUpdate: (update: EventUpdate) => void): 'connecting' | 'live' | 'stopped' {
  const [status, setStatus] = useState<'connecting' | 'live' | 'stopped'>('connecting');
  const handler = useRef(onUpdate);
  handler.current = onUpdate;
  useEffect(() => {
    const newest = new Map<string, string>();
    setStatus('connecting');
    const sub = client.graphql({ query: subscriptions.onEventUpdate, variables: { eventId } }).subscribe({
      next: ({ data }) => {
        const update = data.onEventUpdate;
        if (update && isNewer(newest, update)) handler.current(update);
      },
      error: () => setStatus('stopped'),
    });
    // The client reports its real-time connection on the 'api' hub channel.
    const stopListening = Hub.listen('api', ({ payload }) => {
      if (payload.event !== CONNECTION_STATE_CHANGE) return;
      const state = (payload.data as { connectionState: ConnectionState }).connectionState;
      setStatus(state === ConnectionState.Connected ? 'live' : state === ConnectionState.Disconnected ? 'stopped' : 'connecting');
    });
    return () => {
      stopListening();
      sub.unsubscribe();
    };
  }, [eventId]);
  return status;
}
