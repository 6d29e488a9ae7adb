/**
 * Streaks of correct picks. The final pass stores, on each scored prediction, what its event adds to a
 * streak (`StreakPart`: over the card's matches with a winner, in card order; a voided match is left
 * out, so it neither breaks nor extends a streak, and a match with a winner not picked breaks it).
 * A player's streak is the parts of their scored predictions folded in the events' order
 * (UserProfile.streak): exact under corrections, since a re-scored event rewrites its own part.
 */
import type { BoardMatch } from './entities/board-match';
import type { PickItem, StreakPart } from './entities/prediction';
import { firstPicks } from './points';

export type { StreakPart };

export const NO_STREAK: StreakPart = [0, 0, 0, 0];

/** Two parts, one after the other, as one. */
export function joinStreaks(a: StreakPart, b: StreakPart): StreakPart {
  const prefix = a[1] === a[0] ? a[0] + b[1] : a[1];
  const suffix = b[2] === b[0] ? b[0] + a[2] : b[2];
  const best = Math.max(a[3], b[3], a[2] + b[1]);
  return [a[0] + b[0], prefix, suffix, best];
}

/** What one event's card adds, for these picks. */
export function streakPart(card: BoardMatch[], picks: PickItem[] | undefined): StreakPart {
  const byMatch = firstPicks(picks);
  let part = NO_STREAK;
  for (const m of card) {
    if (m[2] !== null) {
      const right = Object.hasOwn(byMatch, m[0]) && byMatch[m[0]].team === m[2];
      part = joinStreaks(part, right ? [1, 1, 1, 1] : [1, 0, 0, 0]);
    }
  }
  return part;
}

/** A player's streak from their parts in the events' order: the run up to now, and the longest. */
export function streakOf(parts: StreakPart[]): { current: number; best: number } {
  let all = NO_STREAK;
  for (const p of parts) all = joinStreaks(all, p);
  return { current: all[2], best: all[3] };
}
