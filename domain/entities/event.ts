/**
 * Event items: `EVENT#<id>` / `EVENT`, listed in the GSI partition of all events by date.
 * The event's partition also holds its matches (match.ts) and its board head (board.ts).
 */
import type { EventState } from '../schema-types';
import { rulesOf, type RulesItem } from '../rules';
import { atLeast, between, onTable, onIndex } from './access';
import { both, type ItemKey } from './table';
import type { CardChangeItem } from '../card-changes';

export interface EventItem {
  id: string;
  name: string;
  date: string;
  startsAt: string;
  /** startsAt in epoch milliseconds: the prediction lock compares it with the server clock. */
  startsAtMs: number;
  state: EventState;
  season: number;
  /** Match ids in card order: reordering a card rewrites this list, never a sort key. */
  matchOrder: string[];
  /**
   * The card's revision: raised by one by every setMatchResult, in the transaction that writes the
   * result (absent: 0). Live scoring passes compare it to stand down for a newer result (docs/scoring.md).
   */
  cardRev?: number;
  /** The scoring rules (rules.ts; absent on events created before them: every rule off). */
  rules?: RulesItem;
  /** The answer to the rules' tie-break question (setTieBreakAnswer; absent: none yet). */
  tieBreakAnswer?: number | null;
  /** How many questions were ever added (addQuestion raises it; absent: 0): the next question's id (QUESTION.idOf). */
  questionSeq?: number;
  /** Late card changes, oldest first (card-changes.ts; absent: none). */
  cardChanges?: CardChangeItem[];
}

export const EVENT_LIMIT = {
  name: 100,
  /** Events upcomingEvents reads (from yesterday on): the events screen's Tonight/Upcoming part. */
  upcoming: 20,
} as const;

const TYPE = 'Event';
const SK = 'EVENT';
/** GSI partition of all events; its sort key orders them by date, then by the bell within a day. */
const GSI_PK = 'EVENTS';

const pk = (eventId: string) => `EVENT#${eventId}`;
const key = (eventId: string): ItemKey => ({ PK: pk(eventId), SK: SK });
/** `startsAt` is stored in one ISO format (UTC, milliseconds), so it sorts as text; the id breaks a tie. */
const gsiSk = (event: Pick<EventItem, 'date' | 'startsAt' | 'id'>) => `${event.date}#${event.startsAt}#${event.id}`;

/** The stored attributes of an event, without its primary key. */
function attributes(event: EventItem) {
  return { GSI_PK, GSI_SK: gsiSk(event), type: TYPE, ...event };
}

const CARD_REV = 'cardRev';
const CARD_CHANGES = 'cardChanges';

/**
 * Its members (no comments inside the object: the resolvers' bundles keep them, and AppSync limits a
 * bundle's size):
 * - `cardRevAttribute`: The attribute holding EventItem.cardRev.
 * - `raiseCardRev`: The update that raises the card revision by one (a result, an answer: with its write, in one transaction).
 * - `noteCardChange`: The update that appends a late card change (card-changes.ts) to the event, with the edit.
 * - `is`: Whether an item of an event's partition is the event itself (the others are matches).
 * - `gsiSk`: The index sort key of an event: written again when its bell moves.
 * - `list`: Access pattern: every event, newest first: by date, then by bell (Query.events).
 * - `card`: Access pattern: the event's partition: its board head (`BOARD`, board.ts, once a scoring pass has
 *  built it), the event item and its matches. Predictions live in the players' partitions, so its cost does not
 *  grow with the number of players but by the head's list of chunks.
 * - `cardItems`: Access pattern: the event item and its matches without the board head (`BOARD` sorts before
 *  `EVENT`).
 * - `from`: Access pattern: the events dated `date` (yyyy-mm-dd) or later, oldest first.
 * - `before`: Access pattern: the events dated before `date` (yyyy-mm-dd), newest first (the events screen's
 *  Past part): every index key of an earlier day sorts below `date` itself, those of `date` above it.
 * - `season`: The calendar-year season an event of `date` (yyyy-mm-dd) counts for (it may count in named
 *  seasons too).
 * - `item`: The whole stored item (tests, benchmarks, the scoring function's fixtures).
 */
export const EVENT = {
  type: TYPE,
  cardRevAttribute: CARD_REV,
  raiseCardRev: { expression: 'ADD #cardRev :one', names: { '#cardRev': CARD_REV }, values: { ':one': 1 } },
  noteCardChange: (change: CardChangeItem) => ({
    expression: 'SET #changes = list_append(if_not_exists(#changes, :noChanges), :change)',
    names: { '#changes': CARD_CHANGES },
    values: { ':noChanges': [], ':change': [change] },
  }),
  pk,
  sk: SK,
  key,
  is: (item: ItemKey) => item.SK === SK,
  gsiSk,
  list: () => onIndex(GSI_PK, null, false),
  card: (eventId: string) => onTable(pk(eventId), null, true),
  cardItems: (eventId: string) => onTable(pk(eventId), atLeast(SK, ':event'), true),
  from: (date: string) => onIndex(GSI_PK, atLeast(date, ':from'), true),
  before: (date: string) => onIndex(GSI_PK, between('0', date), false),
  season: (date: string) => Number(date.slice(0, 4)),
  attributes,
  item: (event: EventItem) => ({ ...key(event.id), ...attributes(event) }),
};

/*
 * Conditions on the stored event, exported one by one rather than as members of EVENT so that a bundle
 * carries only those it uses. Their placeholder names are their own (`#stateNow`, not the `#state` of
 * an update beside them): AppSync refuses a placeholder defined by both.
 */
const STATE_NOW = { '#stateNow': 'state' };

/** The event is still in `state` (the one read). */
export const ifState = (state: EventState) => ({
  expression: '#stateNow = :current',
  names: STATE_NOW,
  values: { ':current': state },
});

/** The event is still UPCOMING: its card is open to edits and its date to season changes. */
export const IF_UPCOMING = {
  expression: '#stateNow = :upcoming',
  names: STATE_NOW,
  values: { ':upcoming': 'UPCOMING' },
};

/** Picks are still open at `now` (epoch ms): UPCOMING with the bell ahead, the instant savePrediction's lock uses. */
export const ifPicksOpen = (now: number) =>
  both(IF_UPCOMING, { expression: '#bellNow > :now', names: { '#bellNow': 'startsAtMs' }, values: { ':now': now } });

/** BROADCAST or SCORED: the states a result or the tie-break answer is entered in. */
export const IF_SCORABLE = {
  expression: '#stateNow IN (:broadcast, :scored)',
  names: STATE_NOW,
  values: { ':broadcast': 'BROADCAST', ':scored': 'SCORED' },
};

/** An event item to the GraphQL Event. */
export function toEvent(item: EventItem) {
  return {
    id: item.id,
    name: item.name,
    date: item.date,
    startsAt: item.startsAt,
    state: item.state,
    season: item.season,
    matchCount: item.matchOrder.length,
    rules: rulesOf(item),
    tieBreakAnswer: item.tieBreakAnswer ?? null,
    cardChanges: item.cardChanges ?? [],
  };
}
