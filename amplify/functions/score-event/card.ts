/**
 * What both scoring passes read of an event: its card and rules, its entries, and a player's row of
 * the event board scored on the card (the points of their picks).
 */
import { ERROR } from '@pickem/domain/error-types';
import { EVENT, type EventItem } from '@pickem/domain/entities/event';
import {
  boardMatches,
  encodeAnswers,
  encodeMethods,
  encodePicks,
  jokerIndex,
  rowAllPicks,
  rowAnswers,
  type BoardHead,
  type BoardMatch,
  type BoardQuestion,
  type EventRow,
} from '@pickem/domain/entities/board';
import { ENTRY, type EntryItem } from '@pickem/domain/entities/entry';
import { answersOf } from '@pickem/domain/entities/stored-answers';
import { MATCH, outcomeOf, winnerOf, type MatchItem } from '@pickem/domain/entities/match';
import type { AnswerItem, PickItem } from '@pickem/domain/entities/prediction';
import { QUESTION, byPosition, type QuestionItem } from '@pickem/domain/entities/question';
import { optionCounts, possibleQuestionPoints, scoreQuestions, unansweredQuestions } from '@pickem/domain/questions';
import {
  challengersOf,
  pickCounts,
  possiblePoints,
  scorePicks,
  titleChangeOf,
  type ScoringMatch,
} from '@pickem/domain/points';
import { asksTieBreak, rulesOf, type RulesItem } from '@pickem/domain/rules';
import type { Store } from './store.ts';

/** The matches on the card by id (matchOrder; an item it does not list is off the card). */
export type Card = Map<string, MatchItem>;

export type CardCheck =
  | { ok: true; event: EventItem; card: Card; questions: QuestionItem[]; cardRev: number }
  | { ok: false; type: string; message: string };

export const SCORABLE_STATES = ['BROADCAST', 'SCORED'];

/** How many times a pass goes round on a card that keeps changing before it gives up. */
export const MAX_PASSES = 5;

/** A pass's answer to a card it may not score (an expected failure, for the resolver to raise). */
export type Failure = { error: { type: string; message: string } };

export const refused = (check: { type: string; message: string }): Failure => ({
  error: { type: check.type, message: check.message },
});

/**
 * Reads the event and its matches; refuses an event not in one of `states`, and with `allResults`
 * a card with a match that has no result (a draw or a no contest is a result), and then a question
 * with neither an answer nor void (QuestionAnswerMissing).
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
  const questions = byPosition((await store.query(QUESTION.list(eventId))) as unknown as QuestionItem[]);
  if (need.allResults) {
    const open = unansweredQuestions(questions);
    if (open.length > 0)
      return {
        ok: false,
        type: ERROR.questionAnswerMissing,
        message: `${open.length} question(s) of event ${eventId} have neither an answer nor void: ${open.map((q) => q.id).join(', ')}`,
      };
  }
  return { ok: true, event, card, questions, cardRev: event.cardRev ?? 0 };
}

/**
 * What scoring reads of a card and its event, as one string: equal strings score and rank every
 * prediction the same (the picks at the bell aside: they no longer change).
 */
export function cardFingerprint(checked: { card: Card; event: EventItem; questions: QuestionItem[] }): string {
  const r = rulesOf(checked.event);
  // The rules in a fixed order: a map read back from DynamoDB may list its keys in another order.
  const rules = [r.joker, r.methodBonus, r.underdogBonus, r.underdogPercent, r.titleChangeBonus, r.perfectCardBonus];
  return JSON.stringify([
    boardCard(checked.card, null),
    rules,
    r.tieBreakQuestion,
    checked.event.tieBreakAnswer ?? null,
    boardQuestions(checked.questions, null),
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

/** The questions as a board's head holds them (position order), with the options' picks at the bell when counted. */
export function boardQuestions(questions: QuestionItem[], picked: Record<string, number[]> | null): BoardQuestion[] {
  return questions.map((q) => ({
    id: q.id,
    position: q.position,
    kind: q.kind,
    points: q.points,
    closePoints: q.closePoints ?? 0,
    closeRange: q.closeRange ?? 0,
    // Fixed key order: the fingerprint compares them as text.
    answer:
      q.answer === null || q.answer === undefined
        ? null
        : { options: q.answer.options ?? [], number: q.answer.number ?? null, void: q.answer.void === true },
    picked: picked === null || q.kind === 'NUMBER' ? null : (picked[q.id] ?? q.options.map(() => 0)),
  }));
}

/** What an event board stores with its rows about the event's scoring. */
export const scoringOf = (event: EventItem) => ({
  rules: rulesOf(event),
  tieBreakAnswer: event.tieBreakAnswer ?? null,
});

/** A card as a board holds it, made once a pass: every row is scored on the same matches and rules. */
export interface CardScoring {
  card: BoardMatch[];
  onCard: Record<string, ScoringMatch>;
  rules: RulesItem;
  questions: BoardQuestion[];
}

export const cardScoring = (card: BoardMatch[], event: EventItem, questions: BoardQuestion[]): CardScoring => ({
  card,
  onCard: boardMatches({ card }),
  rules: rulesOf(event),
  questions,
});

/** The card and its questions scored with the picks at the bell counted from `entries`. */
export function entriesScoring(
  checked: { card: Card; event: EventItem; questions: QuestionItem[] },
  entries: EntryItem[],
): CardScoring {
  const picks = entries.map((e) => e.picks);
  const picked = optionCounts(
    entries.map((e) => answersOf(e.answers)),
    checked.questions,
  );
  return cardScoring(
    boardCard(checked.card, countPicks(checked.card, picks)),
    checked.event,
    boardQuestions(checked.questions, picked),
  );
}

/** Every entry of the event, from its shards (strongly consistent). */
export async function readEntries(store: Store, eventId: string): Promise<EntryItem[]> {
  const shards = await Promise.all(ENTRY.shards().map((s) => store.query(ENTRY.shard(eventId, s))));
  return shards.flat() as unknown as EntryItem[];
}

/** A player as an event board row holds them. */
export interface BoardPlayer {
  userId: string;
  displayName: string;
  picks: PickItem[];
  tieBreak?: number | null;
  answers?: AnswerItem[] | null;
  savedAtMs: number;
}

export const entryPlayer = (entry: EntryItem): BoardPlayer => ({
  userId: entry.userId,
  displayName: entry.displayName,
  picks: entry.picks,
  tieBreak: entry.tieBreak ?? null,
  answers: answersOf(entry.answers),
  savedAtMs: Date.parse(entry.updatedAt),
});

/** What a player's picks and answers earn on the card and its questions (domain/points.ts and questions.ts, the one rule). */
export function playerScore(who: Pick<BoardPlayer, 'picks' | 'answers'>, scoring: CardScoring) {
  const picked = scorePicks(who.picks, scoring.onCard, scoring.rules);
  const asked = scoreQuestions(who.answers, scoring.questions);
  return { ...picked, points: picked.points + asked.points, questionScores: asked.questionScores };
}

/** A player's event board row, scored on `card` and its questions under the event's rules: a live one (rank 0, ranked by the board) with its points still possible, a final one ranked. */
export function eventRow(who: BoardPlayer, scoring: CardScoring, rank = 0): EventRow {
  const { card } = scoring;
  const { points, correct } = playerScore(who, scoring);
  return [
    who.userId,
    who.displayName,
    points,
    correct,
    rank,
    encodePicks(card, who.picks),
    who.savedAtMs,
    encodeMethods(card, who.picks),
    jokerIndex(card, who.picks),
    who.tieBreak ?? null,
    rank === 0 ? stillPossible(who, scoring) : null,
    encodeAnswers(scoring.questions, who.answers),
  ];
}

/** What a player's picks and answers can still add on the matches and questions without a result (a live row's `possible`). */
const stillPossible = (who: Pick<BoardPlayer, 'picks' | 'answers'>, scoring: CardScoring) =>
  possiblePoints(who.picks, scoring.onCard, scoring.rules) + possibleQuestionPoints(who.answers, scoring.questions);

/** The player a live board's row holds (rowAllPicks, rowAnswers: on the head's card and questions). */
export const rowPlayer = (head: Pick<BoardHead, 'card' | 'questions'>, row: EventRow): BoardPlayer => ({
  userId: row[0],
  displayName: row[1],
  picks: rowAllPicks(head, row),
  tieBreak: row[9] ?? null,
  answers: rowAnswers(head, row),
  savedAtMs: row[6],
});

/** Fields of an EventRow as eventRow writes them. */
const EVENT_ROW_FIELDS = 12;

/**
 * A live board's row scored again on `scoring`, whose matches and questions are the head's in the
 * same order: eventRow of the player it holds, except that the picks, finishes, joker and answers
 * (fixed from the bell) keep their stored encodings rather than being encoded again, as eventRow
 * would give them. A row of fewer fields (a head written before answers) is made again in full.
 */
export function rescoredRow(
  head: Pick<BoardHead, 'card' | 'questions'>,
  row: EventRow,
  scoring: CardScoring,
): EventRow {
  const who = rowPlayer(head, row);
  if (row.length < EVENT_ROW_FIELDS) return eventRow(who, scoring);
  const { points, correct } = playerScore(who, scoring);
  const rescored = [...row] as EventRow;
  rescored[2] = points;
  rescored[3] = correct;
  rescored[4] = 0;
  rescored[10] = stillPossible(who, scoring);
  return rescored;
}
