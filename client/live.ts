/**
 * Which live update of an event (onEventUpdate) an app keeps. Updates can arrive out of order
 * (docs/api.md#live-updates-subscription): each is a whole snapshot with `readAt` (a LEADERBOARD also
 * with its board's version), so the newest per kind wins (RESULT: per match) and an older one is dropped.
 */
import type { OnEventUpdateSubscription } from './graphql/types.ts';

export type EventUpdate = NonNullable<OnEventUpdateSubscription['onEventUpdate']>;

/** What orders two updates of one kind: a LEADERBOARD's board version first (0 for other kinds), then readAt. */
export interface Newest {
  version: number;
  readAt: string;
}

/** Whether `update` is newer than every one of its kind seen so far (RESULT: of its match); if so it becomes the newest. */
export function isNewer(
  newest: Map<string, Newest>,
  update: { kind: EventUpdate['kind']; readAt: string; matchId?: string | null; boardVersion?: number | null },
): boolean {
  const key = update.kind === 'RESULT' ? `RESULT ${update.matchId}` : update.kind;
  const mark = { version: update.boardVersion ?? 0, readAt: update.readAt };
  const seen = newest.get(key);
  if (seen && (seen.version > mark.version || (seen.version === mark.version && seen.readAt > mark.readAt)))
    return false;
  newest.set(key, mark);
  return true;
}
