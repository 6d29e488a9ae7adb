/** Live updates of one event (onEventUpdate), the newest of each kind only (isNewer, @pickem/client/live). */
import { useEffect, useRef, useState } from 'react';
import { CONNECTION_STATE_CHANGE, ConnectionState } from 'aws-amplify/api';
import { Hub } from 'aws-amplify/utils';
import { isNewer, type EventUpdate, type Newest } from '@pickem/client/live';
import { client, subscriptions } from './api';

export type { EventUpdate };
export type LiveStatus = 'connecting' | 'live' | 'stopped';

/** Calls `onUpdate` with each newer update while the screen shows the event; the connection's state. */
export function useEventUpdates(eventId: string | undefined, onUpdate: (update: EventUpdate) => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handler = useRef(onUpdate);
  useEffect(() => {
    handler.current = onUpdate;
  });
  useEffect(() => {
    if (!eventId) return;
    const newest = new Map<string, Newest>();
    const sub = client.graphql({ query: subscriptions.onEventUpdate, variables: { eventId } }).subscribe({
      next: ({ data }) => {
        const update = data.onEventUpdate;
        if (update && isNewer(newest, update)) handler.current(update);
      },
      error: () => setStatus('stopped'),
    });
    const stopListening = Hub.listen('api', ({ payload }) => {
      if (payload.event !== CONNECTION_STATE_CHANGE) return;
      const state = (payload.data as { connectionState: ConnectionState }).connectionState;
      setStatus(
        state === ConnectionState.Connected
          ? 'live'
          : state === ConnectionState.Disconnected
            ? 'stopped'
            : 'connecting',
      );
    });
    return () => {
      stopListening();
      sub.unsubscribe();
    };
  }, [eventId]);
  return status;
}
