/**
 * Live updates (Subscription.onEventUpdate): the rule an EventUpdate obeys and the size of its
 * leaderboard. Free of `@aws-appsync/utils`: publishEventUpdate checks what it is given with it, and
 * the scoring function (amplify/functions/score-event/announce.ts) builds what it publishes to it.
 */
import type { EventUpdateInput } from './schema-types';

/** A LEADERBOARD update carries the top this many of the event's leaderboard. */
export const LIVE_LEADERBOARD_SIZE = 20;

/**
 * How far an update's readAt may lie ahead of AppSync's clock: the scoring function stamps it from
 * its own clock, which may differ a little (5 minutes, the clock skew AWS allows a signed request).
 * Further ahead it would stay "newest" for a client that keeps the latest readAt.
 */
export const MAX_READ_AT_AHEAD_MS = 5 * 60 * 1000;

/**
 * Why `update` is not a coherent EventUpdate, or null when it is: every part belongs to its event;
 * a RESULT names its match (the match itself may be left out: see announce.ts), a LEADERBOARD has
 * its rows and its board's version (what orders two LEADERBOARDs), and no update carries the parts of
 * another kind.
 */
export function eventUpdateProblem(update: EventUpdateInput): string | null {
  const { eventId, kind } = update;
  if (update.event.id !== eventId) return `event.id (${update.event.id}) must be the update's eventId (${eventId})`;
  const match = update.match ?? null;
  const matchId = update.matchId ?? null;
  const leaderboard = update.leaderboard ?? null;
  const boardVersion = update.boardVersion ?? null;
  if (kind === 'RESULT') {
    if (matchId === null) return 'a RESULT update needs its matchId';
    if (match !== null && (match.id !== matchId || match.eventId !== eventId))
      return `match must be match ${matchId} of event ${eventId}`;
  } else if (matchId !== null || match !== null) {
    return `only a RESULT update carries a match; this one is ${kind}`;
  }
  if (kind === 'LEADERBOARD') {
    if (leaderboard === null) return 'a LEADERBOARD update needs its leaderboard (a list, possibly empty)';
    if (leaderboard.length > LIVE_LEADERBOARD_SIZE)
      return `a leaderboard has at most ${LIVE_LEADERBOARD_SIZE} rows; got ${leaderboard.length}`;
    if (leaderboard.some((row) => row.eventId !== eventId)) return `every leaderboard row must be of event ${eventId}`;
    if (boardVersion === null || boardVersion < 1)
      return 'a LEADERBOARD update needs the version of the board it shows (1 or more)';
  } else if (leaderboard !== null || boardVersion !== null) {
    return `only a LEADERBOARD update carries a leaderboard and its boardVersion; this one is ${kind}`;
  }
  return null;
}
