/** Live updates of one event for a page: @pickem/client/follow-event in a React hook. */
import { useEffect, useRef, useState } from 'react';
import { followEvent, type LiveStatus } from '@pickem/client/follow-event';
import type { EventUpdate } from '@pickem/client/live';

export type { EventUpdate };

/** Calls `onUpdate` with each newer update while the screen shows the event; the connection state for the page. */
export function useEventUpdates(eventId: string, onUpdate: (update: EventUpdate) => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handler = useRef(onUpdate);
  handler.current = onUpdate;
  useEffect(() => {
    setStatus('connecting');
    return followEvent(eventId, (update) => handler.current(update), setStatus);
  }, [eventId]);
  return status;
}
