/**
 * The league belt, derived from scratch from the league's event results (domain/entities/belt.ts):
 * after each event, in bell order, the leader of the league's table (the members' points summed over
 * the events so far, then correct picks, then user id descending as the table lists them) holds the
 * belt. Level with the leader on points and correct picks, the holder keeps it; a new leader is a
 * title change, otherwise the reign gains a defense. A pure function, so a corrected event's pass
 * re-derives every reign after it exactly.
 */
import type { BeltPoints, ReignItem } from './entities/belt';

export interface BeltEvent {
  eventId: string;
  eventName: string;
  bell: string;
  points: Record<string, BeltPoints>;
}

interface Total {
  userId: string;
  points: number;
  correct: number;
  name: string;
}

const before = (a: Total, b: Total) =>
  a.points !== b.points ? a.points > b.points : a.correct !== b.correct ? a.correct > b.correct : a.userId > b.userId;

/**
 * Every reign, oldest first (the last, without endedAt, is the champion's), and the reign that held
 * the belt after each event; `events` in bell order (the results' key order).
 */
export function deriveBelt(events: BeltEvent[]): { reigns: ReignItem[]; after: Map<string, ReignItem> } {
  const totals = new Map<string, Total>();
  const reigns: ReignItem[] = [];
  const after = new Map<string, ReignItem>();
  for (const event of events) {
    const ids = Object.keys(event.points);
    if (ids.length > 0) settle(event, ids);
  }
  return { reigns, after };

  function settle(event: BeltEvent, ids: string[]) {
    for (const userId of ids) {
      const [points, correct, name] = event.points[userId];
      const t = totals.get(userId) ?? { userId, points: 0, correct: 0, name };
      totals.set(userId, { userId, points: t.points + points, correct: t.correct + correct, name });
    }
    let leader = totals.values().next().value as Total;
    for (const t of totals.values()) if (before(t, leader)) leader = t;
    const current = reigns.length > 0 ? reigns[reigns.length - 1] : null;
    const holder = current ? totals.get(current.userId) : undefined;
    const level = holder !== undefined && holder.points === leader.points && holder.correct === leader.correct;
    if (current && holder && (level || holder.userId === leader.userId)) {
      current.defenses += 1;
      current.displayName = holder.name;
      after.set(event.eventId, current);
      return;
    }
    if (current) current.endedAt = event.eventId;
    const reign = {
      userId: leader.userId,
      displayName: leader.name,
      wonAt: event.eventId,
      wonAtName: event.eventName,
      defenses: 0,
      endedAt: null,
    };
    reigns.push(reign);
    after.set(event.eventId, reign);
  }
}

export const deriveReigns = (events: BeltEvent[]) => deriveBelt(events).reigns;

/** The league's winners of one event (top points, ties to all): the SYSTEM message's subject. */
export function eventWinners(event: BeltEvent): { names: string[]; points: number } | null {
  let best: number | null = null;
  for (const [points] of Object.values(event.points)) if (best === null || points > best) best = points;
  if (best === null) return null;
  const names = Object.values(event.points)
    .filter(([points]) => points === best)
    .map(([, , name]) => name)
    .sort();
  return { names, points: best };
}

/** "Tom won Full Gear with 65; the belt moves to Tom", in plain words, from the belt as derived with the event. */
export function beltMessage(event: BeltEvent, belt: ReturnType<typeof deriveBelt>): string | null {
  const winners = eventWinners(event);
  if (!winners) return null;
  const { names } = winners;
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const won = `${who} ${names.length === 1 ? 'won' : 'tied for first at'} ${event.eventName} with ${winners.points}`;
  const reign = belt.after.get(event.eventId);
  if (!reign) return `${won}.`;
  if (reign.wonAt !== event.eventId) return `${won}; ${reign.displayName} keeps the belt.`;
  return belt.reigns[0] === reign
    ? `${won}; ${reign.displayName} takes the belt.`
    : `${won}; the belt moves to ${reign.displayName}.`;
}
