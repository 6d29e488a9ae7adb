/**
 * A reminder that will not come: an open event with the player's picks short of its card whose bell is
 * already closer than their chosen lead (its schedule's moment has passed). The reminders screen says so
 * rather than leave the player waiting for an email.
 */
import { inWords, timeToPick, type OpenEvent } from './lock-warning.ts';

export interface UpcomingForReminder {
  event: OpenEvent & { name: string };
  myPickCount: number;
}

export function remindersThatWillNotCome(
  upcoming: readonly UpcomingForReminder[],
  minutesBefore: number,
  now: number,
): string[] {
  return upcoming.flatMap(({ event, myPickCount }) => {
    const left = timeToPick(event, myPickCount, now);
    if (left === null || left >= minutesBefore * 60_000) return [];
    return [`${event.name} locks in ${inWords(left)}, sooner than your reminder: no email will come for it. Pick now.`];
  });
}
