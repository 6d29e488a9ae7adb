/** Live updates of one event (onEventUpdate), the newest of each kind only (isNewer, @pickem/client/live). */
import { useEffect, useRef, useState } from 'react';
import { CONNECTION_STATE_CHANGE, ConnectionState } from 'aws-amplify/api';
import { Hub } from 'aws-amplify/utils';
import { isNewer, type EventUpdate, type Newest } from '@pickem/client/live';
import { client, subscriptions } from './api.ts';

export type { EventUpdate };

/** Calls `onUpdate` with each newer update while the screen shows the event; the connection state for the page. */
export function useEventUpdates(
  eventId: string,
  onUpdate: (update: EventUpdate) => void,
): 'connecting' | 'live' | 'stopped' {
  const [status, setStatus] = useState<'connecting' | 'live' | 'stopped'>('connecting');
  const handler = useRef(onUpdate);
  handler.current = onUpdate;
  useEffect(() => {
    const newest = new Map<string, Newest>();
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
