/**
 * Follows one event's live updates (onEventUpdate) for an app's screen: each newer update (isNewer)
 * to `onUpdate`, and the real-time connection's state, which the client reports on the 'api' hub
 * channel, to `onStatus`. Returns the function that stops both.
 */
import { CONNECTION_STATE_CHANGE, ConnectionState, generateClient } from 'aws-amplify/api';
import { Hub } from 'aws-amplify/utils';
import { onEventUpdate } from './graphql/subscriptions';
import { isNewer, type EventUpdate, type Newest } from './live';

export type LiveStatus = 'connecting' | 'live' | 'stopped';

export function followEvent(
  eventId: string,
  onUpdate: (update: EventUpdate) => void,
  onStatus: (status: LiveStatus) => void,
): () => void {
  const newest = new Map<string, Newest>();
  // A client of the Amplify configuration the app made (generateClient reads it; it is cheap).
  const sub = generateClient()
    .graphql({ query: onEventUpdate, variables: { eventId } })
    .subscribe({
      next: ({ data }) => {
        const update = data.onEventUpdate;
        if (update && isNewer(newest, update)) onUpdate(update);
      },
      error: () => onStatus('stopped'),
    });
  const stopListening = followConnection(onStatus);
  return () => {
    stopListening();
    sub.unsubscribe();
  };
}

/** The real-time connection's state, as the client reports it on the 'api' hub channel; returns the stop function. */
export function followConnection(onStatus: (status: LiveStatus) => void): () => void {
  return Hub.listen('api', ({ payload }) => {
    if (payload.event !== CONNECTION_STATE_CHANGE) return;
    const state = (payload.data as { connectionState: ConnectionState }).connectionState;
    onStatus(
      state === ConnectionState.Connected ? 'live' : state === ConnectionState.Disconnected ? 'stopped' : 'connecting',
    );
  });
}
