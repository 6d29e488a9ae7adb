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
import { scorePicks } from '../points';
import type { MatchItem } from './match';
import type { PickItem } from './prediction';
import { beginsWith, onTable } from './access';
import type { ItemKey } from './table';

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
 * `savedAtMs` is when the prediction was saved (its updatedAt), in epoch milliseconds.
 */
export type EventRow = [
  userId: string,
  displayName: string,
  points: number,
  correct: number,
  rank: number,
  picks: string,
  savedAtMs: number,
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

/** A card as an event board scored it: [matchId, points, winner] in card order (winner null: no winner). */
export type BoardMatch = [string, number, number | null];

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
  builtAt: string;
}

export interface BoardChunk<Row> {
  rows: Row[];
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
  /** The stored chunk, key included. */
  chunkItem: <Row>(pk: string, rows: Row[]) => ({ PK: pk, SK: CHUNK_SK, type: CHUNK_TYPE, rows }),
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
  for (const chunk of chunks) byPk[chunk.PK] = chunk.rows;
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

/** The competition rank of a score on the board: 1 + the players with more points, or as many and more correct picks. */
export function rankOf(head: Pick<BoardHead, 'scores'>, points: number, correct: number): number {
  let above = 0;
  for (const [p, c, players] of head.scores) {
    if (p > points || (p === points && c > correct)) above = above + players;
  }
  return above + 1;
}

/** An event row's picks as a prediction's, in the head's card order. */
export function rowPicks(head: Pick<BoardHead, 'card'>, picks: string): PickItem[] {
  const out: PickItem[] = [];
  picks.split('').forEach((ch, i) => {
    const team = PICK_CHARS.indexOf(ch);
    if (team >= 0 && i < head.card.length) out.push({ matchId: head.card[i][0], team });
  });
  return out;
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

/** Points and correct picks of a set of picks on the head's card (points.ts, the one rule): the figures the board ranked them by. */
export function boardScore(
  head: Pick<BoardHead, 'card'>,
  picks: PickItem[] | undefined,
): { points: number; correct: number } {
  const onCard: Record<string, Pick<MatchItem, 'points' | 'result' | 'outcome'>> = {};
  for (const [matchId, points, winner] of head.card)
    onCard[matchId] = { points, result: winner, outcome: winner === null ? null : 'WIN' };
  return scorePicks(picks, onCard);
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
