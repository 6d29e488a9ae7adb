/**
 * A reminder that will not come: an open event with the player's picks short of its card whose bell is
 * already closer than their chosen lead (its schedule's moment has passed). The reminders screen says so
 * rather than leave the player waiting for an email.
 */
import { inWords } from './lock-warning.ts';

export interface UpcomingForReminder {
  event: { name: string; state: string; startsAt: string; matchCount: number };
  myPickCount: number;
}

export function remindersThatWillNotCome(
  upcoming: readonly UpcomingForReminder[],
  minutesBefore: number,
  now: number,
): string[] {
  return upcoming
    .filter(({ event, myPickCount }) => {
      const left = Date.parse(event.startsAt) - now;
      return event.state === 'UPCOMING' && left > 0 && left < minutesBefore * 60_000 && myPickCount < event.matchCount;
    })
    .map(
      ({ event }) =>
        `${event.name} locks in ${inWords(Date.parse(event.startsAt) - now)}, sooner than your reminder: no email will come for it. Pick now.`,
    );
}
