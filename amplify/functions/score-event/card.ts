/** The event and its card as scoring needs them, and the card as a board holds it. */
import { ERROR } from '@pickem/domain/error-types';
import { EVENT, type EventItem } from '@pickem/domain/entities/event';
import type { BoardMatch } from '@pickem/domain/entities/board';
import { MATCH, outcomeOf, winnerOf, type MatchItem } from '@pickem/domain/entities/match';
import type { PickItem } from '@pickem/domain/entities/prediction';
import { challengersOf, pickCounts, titleChangeOf } from '@pickem/domain/points';
import { asksTieBreak, rulesOf } from '@pickem/domain/rules';
import type { Store } from './store.ts';

/** The matches on the card by id (matchOrder; an item it does not list is off the card). */
export type Card = Map<string, MatchItem>;

export type CardCheck =
  { ok: true; event: EventItem; card: Card; cardRev: number } | { ok: false; type: string; message: string };

export const SCORABLE_STATES = ['BROADCAST', 'SCORED'];

/**
 * Reads the event and its matches; refuses an event not in one of `states`, and with `allResults`
 * a card with a match that has no result (a draw or a no contest is a result).
 *
 * The event is read before its matches (both strongly consistent): setMatchResult writes a result and
 * raises `cardRev` in one transaction, so the card read holds at least every result up to the
 * `cardRev` returned (0 when the event has none).
 */
export async function readCard(
  store: Store,
  eventId: string,
  need: { states: string[]; allResults: boolean },
): Promise<CardCheck> {
  const event = (await store.get(EVENT.key(eventId))) as EventItem | undefined;
  if (!event) return { ok: false, type: ERROR.notFound, message: `Event ${eventId} not found` };
  if (!need.states.includes(event.state)) {
    return {
      ok: false,
      type: ERROR.invalidState,
      message: `Event ${eventId} is ${event.state}; only a ${need.states.join(' or ')} event can be scored${need.states.length === 1 ? ' live' : ''}`,
    };
  }
  const matches = (await store.query(MATCH.card(eventId))) as unknown as MatchItem[];
  const byId = new Map(matches.map((m) => [m.id, m]));
  // The card is matchOrder; a match item it does not list is not on the card.
  const card: Card = new Map();
  for (const id of event.matchOrder ?? []) {
    const match = byId.get(id);
    if (match) card.set(id, match);
  }
  const missing = [...card.values()].filter((m) => outcomeOf(m) === null);
  if (need.allResults && missing.length > 0) {
    const list = missing.map((m) => (m.name ? `${m.id} (${m.name})` : m.id)).join(', ');
    return {
      ok: false,
      type: ERROR.resultsMissing,
      message: `${missing.length} match(es) of event ${eventId} have no result: ${list}`,
    };
  }
  if (need.allResults && asksTieBreak(rulesOf(event)) && (event.tieBreakAnswer ?? null) === null) {
    return {
      ok: false,
      type: ERROR.tieBreakAnswerMissing,
      message: `Event ${eventId} asks a tie-break question; set its answer (setTieBreakAnswer) before scoring`,
    };
  }
  return { ok: true, event, card, cardRev: event.cardRev ?? 0 };
}

/**
 * What scoring reads of a card and its event, as one string: equal strings score and rank every
 * prediction the same (the picks at the bell aside: they no longer change).
 */
export function cardFingerprint(checked: { card: Card; event: EventItem }): string {
  const r = rulesOf(checked.event);
  // The rules in a fixed order: a map read back from DynamoDB may list its keys in another order.
  const rules = [r.joker, r.methodBonus, r.underdogBonus, r.underdogPercent, r.titleChangeBonus, r.perfectCardBonus];
  return JSON.stringify([
    boardCard(checked.card, null),
    rules,
    r.tieBreakQuestion,
    checked.event.tieBreakAnswer ?? null,
  ]);
}

/** How many predictions picked each team of each match of the card (domain/points.ts pickCounts: the one count). */
export function countPicks(card: Card, predictions: (PickItem[] | undefined)[]): Record<string, number[]> {
  return pickCounts(predictions, Object.fromEntries([...card.values()].map((m) => [m.id, m.teams])));
}

/** The card as a board holds it (domain BoardMatch), with the picks at the bell when counted. */
export function boardCard(card: Card, picked: Record<string, number[]> | null): BoardMatch[] {
  return [...card.values()].map((m) => {
    const row: BoardMatch = [
      m.id,
      m.points,
      winnerOf(m),
      winnerOf(m) === null ? null : (m.method ?? null),
      titleChangeOf(m),
      challengersOf(m),
      outcomeOf(m) !== null,
    ];
    if (picked !== null) row.push(picked[m.id] ?? m.teams.map(() => 0));
    return row;
  });
}
