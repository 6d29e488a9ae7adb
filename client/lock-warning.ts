/** How long before the bell a player with missing picks is warned in the apps (the longest reminder lead). */
export const WARN_WITHIN_MS = 24 * 3600_000;

export interface OpenEvent {
  state: string;
  startsAt: string;
  matchCount: number;
}

/** How long the player still has to finish their picks: null unless the event is open and their card is short. */
export function timeToPick(event: OpenEvent, picked: number, now: number): number | null {
  const left = Date.parse(event.startsAt) - now;
  return event.state === 'UPCOMING' && left > 0 && picked < event.matchCount ? left : null;
}

/** "Locks in 42 min, 3 matches unpicked": for an open event whose bell is within a day and whose card the player has not finished; null otherwise. */
export function lockWarning(event: OpenEvent, picked: number, now: number): string | null {
  const left = timeToPick(event, picked, now);
  if (left === null || left > WARN_WITHIN_MS) return null;
  const unpicked = event.matchCount - picked;
  return `Locks in ${inWords(left)}, ${unpicked} ${unpicked === 1 ? 'match' : 'matches'} unpicked`;
}

/** "42 min", "3 h 5 min": the minutes rounded up, so the last minute still says "1 min". */
export function inWords(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
