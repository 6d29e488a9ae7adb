import { useEffect, useState } from 'react';

/** The current time, ticking every `ms` (for the countdown to the bell). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** The countdown to the bell: shared with the React Native app. */
export { countdown } from '@pickem/client/countdown';

/** The app's one date format: "Mar 4, 2024, 1:00 AM" for an instant, "Mar 3, 2024" for a calendar day. */
export const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A calendar day (yyyy-mm-dd, no time of day) in the same style, read as that day wherever the viewer is. */
export const formatDay = (date: string) =>
  new Date(`${date.slice(0, 10)}T12:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A member's name as shown: their display name, or "Player 1a2b3c4d" (the API's own default form)
 * when the name is only an id (a member who never set one and whose sign-in name is a generated id).
 */
export function shownName(displayName: string, userId: string): string {
  if (displayName !== userId && !UUID.test(displayName)) return displayName;
  return `Player ${userId.slice(0, 8)}`;
}
