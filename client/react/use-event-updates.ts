import { useEffect, useRef, useState } from 'react';
import { followEvent, type LiveStatus } from '../follow-event.ts';
import type { EventUpdate } from '../live.ts';

/** Calls `onUpdate` with each newer update of the event while the screen shows it; the connection's state. */
export function useEventUpdates(eventId: string | undefined, onUpdate: (update: EventUpdate) => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handler = useRef(onUpdate);
  useEffect(() => {
    handler.current = onUpdate;
  });
  useEffect(() => {
    if (!eventId) return;
    setStatus('connecting');
    return followEvent(eventId, (update) => handler.current(update), setStatus);
  }, [eventId]);
  return status;
}
