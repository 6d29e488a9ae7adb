/** The countdown to the bell: shared with the React Native app. */
export { countdown } from '@pickem/client/countdown';

/** The apps' one date format (formatTime for an instant, formatDay for a calendar day): shared with the React Native app. */
export { formatDay, formatTime } from '@pickem/client/dates';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A member's name as shown: their display name, or "Player 1a2b3c4d" (the API's own default form)
 * when the name is only an id (a member who never set one and whose sign-in name is a generated id).
 */
export function shownName(displayName: string, userId: string): string {
  if (displayName !== userId && !UUID.test(displayName)) return displayName;
  return `Player ${userId.slice(0, 8)}`;
}
