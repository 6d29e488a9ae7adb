/**
 * Boards: ranked tables that the scoring function materializes and the screens read a page at a time:
 * an event's leaderboard (live while BROADCAST, final once SCORED) and a season's standings. A board is
 * a head item and chunk items of BOARD_LIMIT.rowsPerChunk rows each, in rank order.
 *
 * - Head: `<scope>` / `BOARD`, where the scope is `EVENT#<eventId>` (the event's own partition, so the
 *   event card's Query returns it) or `SEASON#<seasonId>`. It lists the chunks' partition keys, the
 *   number of players at each score (a score's competition rank is 1 + the players above it, so any
 *   player's rank is read from the head alone) and, for an event, the card it was scored on.
 * - Chunk: `BOARD#<scope>#<chunk set>#<index>` / `CHUNK`, each its own partition key (a board's writes
 *   spread over as many keys as it has chunks). A chunk set is a random id drawn by the pass that writes
 *   it, so two passes never write the same chunk; the head names its set, and a chunk's key follows from
 *   the set and the index: the head stays small whatever the number of players. A pass whose rows are
 *   those of the head's set keeps the set and replaces the head alone. The head is replaced on a
 *   condition on its version; the set of the version before stays (a page read against it still finds
 *   it), older sets are deleted.
 * - Chunk set record: `BOARDSETS#<scope>` / `SET#<chunk set>`, written by a pass before the first chunk
 *   of its set, deleted after the last: the sets of a board that may have chunks stored, found by one
 *   Query whatever became of the pass that wrote them (`basedOn`: the head version it read; its head can
 *   only replace that version, so once the stored head is newer, a set no head names never will be).
 *
 * Plain data and functions only: the resolvers (APPSYNC_JS: no sort with a comparator, no classic for
 * loops) read boards with it, the scoring function writes them.
 */
import { awardsOf, type AwardName } from '../awards';
import type { BoardMatch } from './board-match';
import { possiblePoints, scorePicks, type PredictionScore, type ScoringMatch } from '../points';
import type { TieBreak } from '../ranking';
import type { EventItem } from './event';
import { FINISH_METHODS, rulesOf, type RulesItem } from '../rules';
import type { FinishMethod } from '../schema-types';
import type { PickItem, PredictionItem } from './prediction';
import { secondKey } from '../ranking';
import { beginsWith, onTable } from './access';
import type { ItemKey } from './table';
import type { ScoringQuestion } from './question';
import { possibleQuestionPoints, scoreQuestions } from '../questions';
import type { AnswerItem } from './prediction';
import { answersOf, storedAnswers, storedScores } from './stored-answers';

export const BOARD_LIMIT = {
  /** Rows a chunk holds: a page of at most 100 rows spans at most 2 chunks. */
  rowsPerChunk: 100,
} as const;

const TYPE = 'Board';
const CHUNK_TYPE = 'BoardChunk';
const HEAD_SK = 'BOARD';
const CHUNK_SK = 'CHUNK';
const SET_TYPE = 'BoardChunkSet';
const SET_SK_PREFIX = 'SET#';

/** [points, correct, players]: the players at one score, in a head's `scores` (highest score first). */
export type ScoreCount = [number, number, number];

/**
 * An event board's row: `picks` has one character a match of the head's card (PICK_CHARS, or NO_PICK);
 * `savedAtMs` is when the prediction was saved (its updatedAt), in epoch milliseconds; `methods` one
 * character a match (the finish's index in FINISH_METHODS, or NO_PICK), `joker` the card position of
 * the joker (-1: none), `tieBreak` the guess (null: none), `possible` the points still possible on a
 * live board (boardPossible; null on a final one), `answers` the answers to the head's questions
 * (encodeAnswers). Rows written before the rules lack the last five, before questions the last one.
 */
export type EventRow = [
  userId: string,
  displayName: string,
  points: number,
  correct: number,
  rank: number,
  picks: string,
  savedAtMs: number,
  methods?: string,
  joker?: number,
  tieBreak?: number | null,
  possible?: number | null,
  answers?: string,
];

/** A season board's row; `rev` is the standing's revision it was read at (standing.ts). */
export type SeasonRow = [
  userId: string,
  displayName: string,
  points: number,
  correct: number,
  rank: number,
  eventsPlayed: number,
  rev: number,
];

export type { BoardMatch } from './board-match';

export interface BoardHead {
  scope: string;
  /** Raised by one at every replacement of the head (its write's condition). */
  version: number;
  rowCount: number;
  /** The chunk set holding the rows (BOARD.chunkPk). */
  chunkSet: string;
  /** A hash of the rows: a pass that ranks the same rows keeps the chunk set. */
  rowsHash: string;
  /** The version before's chunk set when it differs from this one (deleted when the next version replaces this one). */
  previous: { chunkSet: string; rowCount: number } | null;
  scores: ScoreCount[];
  /** Event boards: true once built by the final pass. */
  final: boolean;
  /** Event boards: the card the rows were scored on; empty for a season. */
  card: BoardMatch[];
  /**
   * Event boards: the event's card revision (EventItem.cardRev) the card was read at; a live pass
   * replaces the head only if this is at most its own. Absent on season boards (and on event heads
   * built before revisions: read as 0).
   */
  cardRev?: number;
  /** Event boards: the rules the rows were scored with (absent: every rule off). */
  rules?: RulesItem;
  /** Event boards: the tie-break answer the rows were ranked with (absent: none). */
  tieBreakAnswer?: number | null;
  /**
   * Event boards: the questions the rows were scored on, in position order, each with its answer and
   * `picked` (how many predictions picked each option, counted at the bell; null for NUMBER).
   * Absent: none (heads built before questions).
   */
  questions?: BoardQuestion[];
  builtAt: string;
}

export type BoardQuestion = ScoringQuestion & { picked: number[] | null };

/**
 * A chunk as stored: its rows as the JSON text of the array in `rowsJson`, one string attribute, so that
 * writing and reading it costs one value rather than one per field of every row (a live pass at 100,000
 * players spent over a second on those: docs/benchmarks.md). Chunks written before hold the list in
 * `rows`; a new name, so that code from before, rolled back to, finds no rows and fails rather than
 * reading the text as a list of characters.
 */
export interface BoardChunk<Row> {
  rowsJson?: string;
  rows?: Row[];
}

/** A chunk's rows, from its JSON text or (chunks written before) its list. */
export function chunkRowsOf<Row>(chunk: BoardChunk<Row>): Row[] {
  return chunk.rowsJson !== undefined ? (JSON.parse(chunk.rowsJson) as Row[]) : (chunk.rows as Row[]);
}

/** The record of a chunk set that may have chunks stored (written before them, deleted after them). */
export interface ChunkSetRecord {
  scope: string;
  chunkSet: string;
  /** Rows of the set: its chunks are 0 to chunkCount(rowCount) - 1. */
  rowCount: number;
  /** The version of the head the writing pass read (0: none): the only version its head can replace. */
  basedOn: number;
  createdAt: string;
}

/** Team indexes as one character each in an event row's `picks`; NO_PICK where the player picked none. */
export const PICK_CHARS = '0123456789abcdefghijklmnopqrstuvwxyz';
export const NO_PICK = '-';

const eventScope = (eventId: string) => `EVENT#${eventId}`;
const seasonScope = (seasonId: string) => `SEASON#${seasonId}`;
const headKey = (scope: string): ItemKey => ({ PK: scope, SK: HEAD_SK });
const chunkPk = (scope: string, chunkSet: string, index: number) => `BOARD#${scope}#${chunkSet}#${index}`;
const setsPk = (scope: string) => `BOARDSETS#${scope}`;
const chunkSetKey = (scope: string, chunkSet: string): ItemKey => ({
  PK: setsPk(scope),
  SK: `${SET_SK_PREFIX}${chunkSet}`,
});
/** The number of chunks of `rowCount` rows. */
const chunkCount = (rowCount: number) => Math.ceil(rowCount / BOARD_LIMIT.rowsPerChunk);

export const BOARD = {
  type: TYPE,
  eventScope,
  seasonScope,
  headKey,
  eventHeadKey: (eventId: string) => headKey(eventScope(eventId)),
  seasonHeadKey: (seasonId: string) => headKey(seasonScope(seasonId)),
  /** Whether an item of an event's partition is its board head. */
  isHead: (item: ItemKey) => item.SK === HEAD_SK,
  chunkPk,
  chunkCount,
  chunkKey: (pk: string): ItemKey => ({ PK: pk, SK: CHUNK_SK }),
  /** The stored head, without its key. */
  headAttributes: (head: BoardHead) => ({ type: TYPE, ...head }),
  /** The stored chunk, key included: `rowsJson` is `JSON.stringify` of its rows (BoardChunk). */
  chunkItem: (pk: string, rowsJson: string) => ({ PK: pk, SK: CHUNK_SK, type: CHUNK_TYPE, rowsJson }),
  /** The key of a chunk set's record. */
  chunkSetKey,
  /** The stored record of a chunk set, key included. */
  chunkSetItem: (record: ChunkSetRecord) => ({
    ...chunkSetKey(record.scope, record.chunkSet),
    type: SET_TYPE,
    ...record,
  }),
  /** Access pattern: the records of every chunk set of a board that may have chunks stored. */
  chunkSets: (scope: string) => onTable(setsPk(scope), beginsWith(SET_SK_PREFIX), true),
  /** The chunk set a chunk's partition key belongs to on the board of `scope`; null for any other key. */
  chunkSetOf: (scope: string, pk: string): string | null => {
    const prefix = `BOARD#${scope}#`;
    if (!pk.startsWith(prefix)) return null;
    const rest = pk.slice(prefix.length);
    const at = rest.lastIndexOf('#');
    return at > 0 ? rest.slice(0, at) : null;
  },
  /** Whether a key is a chunk set record of the board of `scope`. */
  isChunkSetOf: (scope: string, key: ItemKey) => key.PK === setsPk(scope) && key.SK.startsWith(SET_SK_PREFIX),
};

/** The keys of the chunks holding rows `offset` to `offset + limit - 1` (at most 2 for a page of at most 100 rows), in order; none past the last row. */
export function pageChunkKeys(
  head: Pick<BoardHead, 'scope' | 'chunkSet' | 'rowCount'>,
  offset: number,
  limit: number,
): ItemKey[] {
  if (offset >= head.rowCount) return [];
  const first = Math.floor(offset / BOARD_LIMIT.rowsPerChunk);
  const last = Math.min(Math.floor((offset + limit - 1) / BOARD_LIMIT.rowsPerChunk), chunkCount(head.rowCount) - 1);
  const keys: ItemKey[] = [];
  if (first <= last) keys.push(BOARD.chunkKey(chunkPk(head.scope, head.chunkSet, first)));
  if (first + 1 <= last) keys.push(BOARD.chunkKey(chunkPk(head.scope, head.chunkSet, first + 1)));
  return keys;
}

/** Rows `offset` to `offset + limit - 1` from the chunks `pageChunkKeys` named, read in any order (a missing chunk leaves its rows out). */
export function pageRows<Row>(
  head: Pick<BoardHead, 'scope' | 'chunkSet' | 'rowCount'>,
  chunks: (ItemKey & BoardChunk<Row>)[],
  offset: number,
  limit: number,
): Row[] {
  const byPk: Record<string, Row[]> = {};
  for (const chunk of chunks) byPk[chunk.PK] = chunkRowsOf(chunk);
  const skipped = offset - Math.floor(offset / BOARD_LIMIT.rowsPerChunk) * BOARD_LIMIT.rowsPerChunk;
  const rows: Row[] = [];
  pageChunkKeys(head, offset, limit).forEach((key, i) => {
    const found = Object.hasOwn(byPk, key.PK) ? byPk[key.PK] : [];
    found.slice(i === 0 ? skipped : 0).forEach((row) => {
      if (rows.length < limit) rows.push(row);
    });
  });
  return rows;
}

/**
 * The head as the screens show it: null for a live board built before any result was entered (card
 * revision 0: the live pass of the event going BROADCAST, which lists the players so that the first
 * result's pass need not), as if there were no board yet.
 */
export function shownHead<Head extends { final?: boolean; cardRev?: number }>(
  head: Head | null | undefined,
): Head | null {
  if (!head) return null;
  return !head.final && (head.cardRev ?? 0) === 0 ? null : head;
}

/**
 * The competition rank of a score on the board: 1 + the players with more points, or as many and a
 * higher second key (`second`: correct picks, or the tie-break's closeness: ranking.ts secondKey).
 */
export function rankOf(head: Pick<BoardHead, 'scores'>, points: number, second: number): number {
  let above = 0;
  for (const [p, c, players] of head.scores) {
    if (p > points || (p === points && c > second)) above = above + players;
  }
  return above + 1;
}

/** How the board breaks ties on points: by the tie-break when its rules ask one, else by correct picks. */
export function tieOf(head: Pick<BoardHead, 'rules' | 'tieBreakAnswer'>): TieBreak {
  return rulesOf(head).tieBreakQuestion === null ? null : { answer: head.tieBreakAnswer ?? null };
}

/** An event row's picks as a prediction's, in the head's card order (`methods` and `joker`: the row's, when it has them). */
export function rowPicks(head: Pick<BoardHead, 'card'>, picks: string, methods = '', joker = -1): PickItem[] {
  const out: PickItem[] = [];
  const marks = methods.split('');
  picks.split('').forEach((ch, i) => {
    const team = PICK_CHARS.indexOf(ch);
    if (team < 0 || i >= head.card.length) return;
    const pick: PickItem = { matchId: head.card[i][0], team };
    const method = i < marks.length ? PICK_CHARS.indexOf(marks[i]) : -1;
    if (method >= 0 && method < FINISH_METHODS.length) pick.method = FINISH_METHODS[method];
    if (joker === i) pick.joker = true;
    out.push(pick);
  });
  return out;
}

/** An event row's picks, finishes and joker as a prediction's. */
export function rowAllPicks(head: Pick<BoardHead, 'card'>, row: EventRow): PickItem[] {
  return rowPicks(head, row[5], row[7] ?? '', row[8] ?? -1);
}

/** The finishes of picks as an event row holds them: one character a match of `card`, NO_PICK where none. */
export function encodeMethods(card: BoardMatch[], picks: PickItem[] | undefined): string {
  const chosen: Record<string, FinishMethod | null> = {};
  for (const pick of picks ?? []) if (!Object.hasOwn(chosen, pick.matchId)) chosen[pick.matchId] = pick.method ?? null;
  return card
    .map(([matchId]) => {
      const method = Object.hasOwn(chosen, matchId) ? chosen[matchId] : null;
      const i = method === null ? -1 : FINISH_METHODS.indexOf(method);
      return i >= 0 ? PICK_CHARS.slice(i, i + 1) : NO_PICK;
    })
    .join('');
}

/** The card position of the joker among picks (the first pick of a match counts); -1 when none. */
export function jokerIndex(card: BoardMatch[], picks: PickItem[] | undefined): number {
  const first: Record<string, boolean> = {};
  for (const pick of picks ?? []) if (!Object.hasOwn(first, pick.matchId)) first[pick.matchId] = pick.joker === true;
  return card.findIndex(([matchId]) => Object.hasOwn(first, matchId) && first[matchId]);
}

/** Picks as an event row holds them: one character a match of `card`, NO_PICK where none (the first pick of a match counts). */
export function encodePicks(card: BoardMatch[], picks: PickItem[] | undefined): string {
  const chosen: Record<string, number> = {};
  for (const pick of picks ?? []) if (!Object.hasOwn(chosen, pick.matchId)) chosen[pick.matchId] = pick.team;
  return card
    .map(([matchId]) => {
      const team = Object.hasOwn(chosen, matchId) ? chosen[matchId] : -1;
      return team >= 0 && team < PICK_CHARS.length ? PICK_CHARS.slice(team, team + 1) : NO_PICK;
    })
    .join('');
}

/** The head's card as points.ts scores it (a head built before the rules: a match without a winner has no result). */
export function boardMatches(head: Pick<BoardHead, 'card'>): Record<string, ScoringMatch> {
  const onCard: Record<string, ScoringMatch> = {};
  for (const [matchId, points, winner, method, titleChange, challengers, decided, picked] of head.card) {
    const hasResult = decided ?? winner !== null;
    onCard[matchId] = {
      points,
      result: winner,
      outcome: winner !== null ? 'WIN' : hasResult ? 'NO_CONTEST' : null,
      method: method ?? null,
      titleChange: titleChange === true,
      challengers: challengers ?? [],
      picked: picked ?? null,
    };
  }
  return onCard;
}

/**
 * A player's answers as an event row holds them: one part a question of `questions` (in their order),
 * joined by '|'; a part is the picked option indexes joined by ',' or the guessed number, empty when
 * the player did not answer.
 */
export function encodeAnswers(
  questions: Pick<ScoringQuestion, 'id' | 'kind'>[],
  answers: AnswerItem[] | null | undefined,
): string {
  const byId: Record<string, AnswerItem> = {};
  for (const a of answers ?? []) if (!Object.hasOwn(byId, a.questionId)) byId[a.questionId] = a;
  return questions
    .map((q) => {
      if (!Object.hasOwn(byId, q.id)) return '';
      const a = byId[q.id];
      if (q.kind === 'NUMBER') return a.number === null || a.number === undefined ? '' : `${a.number}`;
      return (a.options ?? []).join(',');
    })
    .join('|');
}

/** The answers an event row holds (encodeAnswers), for the head's questions. */
export function rowAnswers(head: Pick<BoardHead, 'questions'>, row: EventRow): AnswerItem[] {
  const questions = head.questions ?? [];
  const parts = (row[11] ?? '').split('|');
  const answers: AnswerItem[] = [];
  questions.forEach((q, i) => {
    const part = i < parts.length ? parts[i] : '';
    if (part === '') return;
    if (q.kind === 'NUMBER') answers.push({ questionId: q.id, options: [], number: Number(part) });
    else answers.push({ questionId: q.id, options: part.split(',').map((o) => Number(o)), number: null });
  });
  return answers;
}

/** The score of a set of picks on the head's card and rules (points.ts, the one rule): the figures the board ranked them by. */
export function boardScore(head: Pick<BoardHead, 'card' | 'rules'>, picks: PickItem[] | undefined): PredictionScore {
  return scorePicks(picks, boardMatches(head), rulesOf(head));
}

/** The most a set of picks can still add on the head's card (points.ts possiblePoints). */
export function boardPossible(head: Pick<BoardHead, 'card' | 'rules'>, picks: PickItem[] | undefined): number {
  return possiblePoints(picks, boardMatches(head), rulesOf(head));
}

/** The picks of each team at the bell, by match id, as the head holds them (null: a head built before the count). */
export function boardPicked(head: Pick<BoardHead, 'card'> | null): Record<string, number[]> | null {
  if (head === null || head.card.length === 0 || head.card.some((m) => m[7] === undefined)) return null;
  const out: Record<string, number[]> = {};
  for (const m of head.card) out[m[0]] = m[7] ?? [];
  return out;
}

/** How many predictions picked each option of each question at the bell, by question id, as the head holds them. */
export function boardOptionPicks(head: Pick<BoardHead, 'questions'> | null): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const q of head?.questions ?? []) if (q.picked !== null) out[q.id] = q.picked;
  return out;
}

/**
 * A prediction with the figures its event's board gives it: points, correct picks, what each match
 * earned and the card bonus on the head's card and rules, the competition rank of that score in the
 * head's counts (so a player's live rank never waits for a write to their own item) and, while the
 * board is live, the points still possible. Without a head, as stored.
 */
export function boardFigures(
  prediction: PredictionItem,
  head: Pick<BoardHead, 'card' | 'scores' | 'rules' | 'tieBreakAnswer' | 'final' | 'questions'> | null,
): PredictionItem {
  if (head === null) return prediction;
  const score = boardScore(head, prediction.picks);
  const answers = answersOf(prediction.answers);
  const asked = scoreQuestions(answers, head.questions ?? []);
  const points = score.points + asked.points;
  const second = secondKey({ ...prediction, points, correct: score.correct }, tieOf(head));
  return {
    ...prediction,
    points,
    correct: score.correct,
    rank: rankOf(head, points, second),
    scores: score.scores,
    cardBonus: score.cardBonus,
    questionScores: storedScores(asked.questionScores),
    possiblePoints: head.final
      ? null
      : boardPossible(head, prediction.picks) + possibleQuestionPoints(answers, head.questions ?? []),
    awards: boardAwards(head, prediction.picks, points),
  };
}

/** What a player won on a final board (domain/awards.ts, on the head's card and top score); none on a live one. */
export function boardAwards(
  head: Pick<BoardHead, 'card' | 'scores' | 'final'>,
  picks: PickItem[] | undefined,
  points: number,
): AwardName[] {
  if (!head.final) return [];
  const top = head.scores.length > 0 ? head.scores[0][0] : null;
  return awardsOf(head.card, picks, points, top);
}

/**
 * An event board's row as a prediction of `event` (`updatedAt`: the row's savedAtMs as ISO text):
 * picks in the head's card order, points, correct picks and rank as the board ranked them, with what
 * each match earned and, while live, the points still possible (as the pass computed them).
 */
export function rowPrediction(
  head: BoardHead,
  event: Pick<EventItem, 'id' | 'name' | 'date'>,
  row: EventRow,
  updatedAt: string,
): PredictionItem {
  const picks = rowAllPicks(head, row);
  const score = boardScore(head, picks);
  const answers = rowAnswers(head, row);
  return {
    userId: row[0],
    displayName: row[1],
    eventId: event.id,
    eventName: event.name,
    eventDate: event.date,
    picks,
    tieBreak: row[9] ?? null,
    points: row[2],
    correct: row[3],
    rank: row[4],
    updatedAt,
    scores: score.scores,
    cardBonus: score.cardBonus,
    answers: storedAnswers(answers),
    questionScores: storedScores(scoreQuestions(answers, head.questions ?? []).questionScores),
    possiblePoints: head.final ? null : (row[10] ?? null),
    awards: boardAwards(head, picks, row[2]),
  };
}

/** A page token of a board: the offset of the page's first row. */
export const boardToken = (offset: number) => `${offset}`;

/** The offset a page token names, or null when it is not one (a whole number within the board). */
export function boardOffset(head: Pick<BoardHead, 'rowCount'>, token: string): number | null {
  const digits = '0123456789';
  if (token.length === 0 || token.length > 9 || !token.split('').every((c) => digits.indexOf(c) >= 0)) return null;
  const offset = Number(token);
  return offset <= head.rowCount ? offset : null;
}
