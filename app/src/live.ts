/**
 * Live updates of one event (onEventUpdate). Updates can arrive out of order (README, "Live updates"):
 * each is a whole snapshot with `readAt` (a LEADERBOARD also with its board's version), so the newest
 * per kind wins (RESULT: per match) and an older one is dropped.
 */
import { useEffect, useRef, useState } from 'react';
import { CONNECTION_STATE_CHANGE, ConnectionState } from 'aws-amplify/api';
import { Hub } from 'aws-amplify/utils';
import { client, subscriptions, type OnEventUpdateSubscription } from './api.ts';

export type EventUpdate = NonNullable<OnEventUpdateSubscription['onEventUpdate']>;

/** What orders two updates of one kind: a LEADERBOARD's board version first (0 for other kinds), then readAt. */
export interface Newest {
  version: number;
  readAt: string;
}

/** Whether `update` is newer than every one of its kind seen so far (RESULT: of its match); if so it becomes the newest. */
export function isNewer(
  newest: Map<string, Newest>,
  update: { kind: EventUpdate['kind']; readAt: string; matchId?: string | null; boardVersion?: number | null },
): boolean {
  const key = update.kind === 'RESULT' ? `RESULT ${update.matchId}` : update.kind;
  const mark = { version: update.boardVersion ?? 0, readAt: update.readAt };
  const seen = newest.get(key);
  if (seen && (seen.version > mark.version || (seen.version === mark.version && seen.readAt > mark.readAt))) return false;
  newest.set(key, mark);
  return true;
}

/** Calls `onUpdate` with each newer update while the screen shows the event; the connection state for the page. */
export function useEventUpdates(eventId: string, onUpdate: (update: EventUpdate) => void): 'connecting' | 'live' | 'stopped' {
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
      setStatus(state === ConnectionState.Connected ? 'live' : state === ConnectionState.Disconnected ? 'stopped' : 'connecting');
    });
    return () => {
      stopListening();
      sub.unsubscribe();
    };
  }, [eventId]);
  return status;
}
