/**
 * What the reminder function (amplify/functions/reminders/) is invoked with: by updateEvent and
 * createEvent (place the event's schedules), by its own schedules (send), by League.nudge (nudge).
 * Free of `@aws-appsync/utils`, so both sides share it.
 */

export type ReminderRequest =
  /** Create, move or delete the event's schedules to match the event as stored now. */
  | { action: 'schedule'; eventId: string }
  /**
   * Email the opted-in players of this lead who have picks missing; `startsAt` is the bell it was scheduled
   * for. A send split over `runs` concurrent runs (default 1) is run `run` (0-based) of them.
   */
  | { action: 'send'; eventId: string; minutesBefore: number; startsAt: string; run?: number; runs?: number }
  /** Email these members (their unpicked count each) about the event, once per league and event. */
  | { action: 'nudge'; leagueId: string; leagueName: string; eventId: string; unpicked: Record<string, number> };

/** What a nudge answers: how many members were emailed now. */
export interface NudgeOutcome {
  sent: number;
}

/** The name of an event's schedule for one lead and run (Scheduler names: at most 64 of [0-9a-zA-Z-_.]). */
export function scheduleName(eventKeyHash: string, minutesBefore: number, run = 0): string {
  return `remind-${eventKeyHash.slice(0, 40)}-${minutesBefore}${run > 0 ? `-${run}` : ''}`;
}
