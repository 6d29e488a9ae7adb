/**
 * What one live update of an event (onEventUpdate) does to the screen that shows its card: one pure
 * function, so both apps follow an event the same way.
 */
import { withResult, type Card } from './card.ts';
import type { EventUpdate } from './live.ts';

export type BoardRows = NonNullable<EventUpdate['leaderboard']>;

export interface ShownBoard {
  rows: BoardRows;
  /** Scored: no longer provisional. */
  final: boolean;
}

export interface UpdateApplied {
  card: Card;
  /** The new leaderboard, or null when the update leaves it as it is. */
  board: ShownBoard | null;
  /**
   * What to read again: `card`, a result too big for a message; `mine`, the player's own figures after
   * a new leaderboard (the update carries the top 20 only, and no one's per-match scores).
   */
  read: 'card' | 'mine' | null;
}

/** What a screen reads again after `update` (it depends on the update alone). */
export function readAfter(update: EventUpdate): UpdateApplied['read'] {
  if (update.kind === 'RESULT' && !update.match) return 'card';
  return update.kind === 'LEADERBOARD' && update.leaderboard ? 'mine' : null;
}

export function applyEventUpdate(card: Card, update: EventUpdate): UpdateApplied {
  // Card changes stop at the bell, before any live update: the card's own list stays (an update too big
  // for AppSync's payload limit goes without it).
  const event = { ...card.event, ...update.event, cardChanges: card.event.cardChanges };
  const changed = update.kind === 'RESULT' ? update.match : null;
  const mine = card.myPrediction;
  // A per-match score read before this result is stale: the pick's line is worked out from the result
  // until the player's figures are read again.
  const myPrediction =
    changed && mine ? { ...mine, scores: mine.scores.filter((s) => s.matchId !== changed.id) } : mine;
  const board =
    update.kind === 'LEADERBOARD' && update.leaderboard
      ? { rows: update.leaderboard, final: update.event.state === 'SCORED' }
      : null;
  return {
    card: { ...card, event, matches: changed ? withResult(card.matches, changed) : card.matches, myPrediction },
    board,
    read: readAfter(update),
  };
}
