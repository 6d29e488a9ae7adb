/** Live updates of one event for a screen: @pickem/client/follow-event in a React hook. */
import { useEffect, useRef, useState } from 'react';
import { followEvent, type LiveStatus } from '@pickem/client/follow-event';
import type { EventUpdate } from '@pickem/client/live';

export type { EventUpdate, LiveStatus };

/** Calls `onUpdate` with each newer update while the screen shows the event; the connection's state. */
export function useEventUpdates(eventId: string | undefined, onUpdate: (update: EventUpdate) => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handler = useRef(onUpdate);
  useEffect(() => {
    handler.current = onUpdate;
  });
  useEffect(() => {
    if (!eventId) return;
    return followEvent(eventId, (update) => handler.current(update), setStatus);
  }, [eventId]);
  return status;
}
