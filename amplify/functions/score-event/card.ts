/** The event and its card as scoring needs them, and the points of one set of picks. */
import { ERROR } from '../../../resolvers/lib/error-types.ts';
import { EVENT, type EventItem } from '../../../resolvers/lib/entities/event.ts';
import { MATCH, type MatchItem } from '../../../resolvers/lib/entities/match.ts';
import type { PickItem } from '../../../resolvers/lib/entities/prediction.ts';
import { TABLE } from '../../../resolvers/lib/entities/table.ts';
import type { Store } from './store.ts';

export type CardCheck =
  | { ok: true; event: EventItem; card: Map<string, MatchItem> }
  | { ok: false; type: string; message: string };

const SCORABLE_STATES = ['BROADCAST', 'SCORED'];

/** Reads the event and its matches; refuses an event that cannot be scored. */
export async function readCard(store: Store, eventId: string): Promise<CardCheck> {
  const event = (await store.get(EVENT.key(eventId))) as EventItem | undefined;
  if (!event) return { ok: false, type: ERROR.notFound, message: `Event ${eventId} not found` };
  if (!SCORABLE_STATES.includes(event.state)) {
    return {
      ok: false,
      type: ERROR.invalidState,
      message: `Event ${eventId} is ${event.state}; only a BROADCAST or SCORED event can be scored`,
    };
  }
  const matches = (await store.queryAll({
    keyCondition: `${TABLE.pk} = :pk AND begins_with(${TABLE.sk}, :prefix)`,
    values: { ':pk': EVENT.pk(eventId), ':prefix': MATCH.skPrefix },
  })) as unknown as MatchItem[];
  const byId = new Map(matches.map((m) => [m.id, m]));
  // The card is matchOrder; a match item it does not list is not on the card.
  const card = new Map<string, MatchItem>();
  for (const id of event.matchOrder ?? []) {
    const match = byId.get(id);
    if (match) card.set(id, match);
  }
  const missing = [...card.values()].filter((m) => m.result === null || m.result === undefined);
  if (missing.length > 0) {
    const list = missing.map((m) => (m.name ? `${m.id} (${m.name})` : m.id)).join(', ');
    return {
      ok: false,
      type: ERROR.resultsMissing,
      message: `${missing.length} match(es) of event ${eventId} have no result: ${list}`,
    };
  }
  return { ok: true, event, card };
}

/** Points and number of correct picks; picks of matches no longer on the card count for nothing. */
export function scorePicks(picks: PickItem[] | undefined, card: Map<string, MatchItem>): { points: number; correct: number } {
  let points = 0;
  let correct = 0;
  const seen = new Set<string>();
  for (const pick of picks ?? []) {
    if (seen.has(pick.matchId)) continue;
    seen.add(pick.matchId);
    const match = card.get(pick.matchId);
    if (match && match.result === pick.team) {
      points += match.points;
      correct++;
    }
  }
  return { points, correct };
}
