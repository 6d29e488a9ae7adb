/**
 * The one rule of what a player sees of an event, applied wherever a match result, a pick or points
 * are returned (eventCard, its leaderboard, userProfile.history). It follows the event's state and
 * bell as stored on the event item, never a prediction's own fields: a scoring run that stopped
 * part-way leaves some predictions with points, and those points must not show more than the event
 * itself does.
 *
 * - Results (winner, outcome): once the event is BROADCAST (entered live) or SCORED; admins always.
 * - Another player's picks (each with its joker and finish), tie-break guess and answers to questions: once predictions are
 *   locked, at the bell (startsAt) or BROADCAST, whichever comes first: nothing is left to copy. A
 *   player always sees their own.
 * - Points, correct picks and ranks: while BROADCAST (provisional: the results so far) and once
 *   SCORED (final), to everyone; never while UPCOMING.
 */
import type { EventItem } from './entities/event';
import { toPrediction, type PredictionItem } from './entities/prediction';

/** What the rule reads of an event. */
export type EventView = Pick<EventItem, 'state' | 'startsAtMs'>;

export function resultsVisible(event: EventView, admin: boolean): boolean {
  return admin || event.state !== 'UPCOMING';
}

/** The same instant savePrediction's lock uses. */
export function predictionsLocked(event: EventView, nowMs: number): boolean {
  return event.state !== 'UPCOMING' || nowMs >= event.startsAtMs;
}

export function scoresVisible(event: EventView): boolean {
  return event.state !== 'UPCOMING';
}

/** The leaderboard is final once SCORED, provisional while BROADCAST. */
export function leaderboardFinal(event: EventView): boolean {
  return event.state === 'SCORED';
}

/**
 * A prediction as a viewer may see it. `event` is null when the event could not be read: then only
 * the owner's picks show, and no points.
 */
export function visiblePrediction(item: PredictionItem, event: EventView | null, own: boolean, nowMs: number) {
  const prediction = toPrediction(item);
  const shown = own || (event !== null && predictionsLocked(event, nowMs));
  const picks = shown ? prediction.picks : [];
  const tieBreak = shown ? prediction.tieBreak : null;
  const answers = shown ? prediction.answers : [];
  if (event !== null && scoresVisible(event)) return { ...prediction, picks, tieBreak, answers };
  return {
    ...prediction,
    picks,
    tieBreak,
    answers,
    questionScores: [],
    points: null,
    correct: null,
    rank: null,
    scores: [],
    cardBonus: 0,
    possiblePoints: null,
    awards: [],
  };
}

/** Whether an event shows in a player's lists: not while its card is empty (admins see every event, to build it). */
export function listedFor(event: { matchOrder: string[] }, admin: boolean): boolean {
  return admin || event.matchOrder.length > 0;
}
