/**
 * Writing a board (domain/entities/board.ts): rows sorted and ranked, the score histogram, the
 * rows in a chunk set of this pass's own, and the head replaced on the version it was read at.
 *
 * A replacement whose ranked rows hash as the head's keeps the head's chunk set and writes the head
 * alone (a new card or state with no change of rows). Otherwise it records a new chunk set (a random
 * id: no other pass writes those keys; the record names the head version read), writes its rows in it,
 * then replaces the head on the condition that its version is still the one read. On a failed
 * condition it deletes its own set (chunks, then record), reads the head again and composes the rows
 * again. After a replacement it sweeps (`sweep`): every recorded set that neither the new head nor its
 * `previous` names and whose pass read an older head than the new one is deleted, chunks first, record
 * last. So a set left by a pass that died anywhere (between its chunks and its head, after losing the
 * condition, after its head but before its sweep) is deleted by the board's next replacement.
 *
 * An event board's head records the card revision it was built from (`cardRev`). A live pass gives
 * its own (`revision.yieldToNewer`): it stands down (`superseded`, nothing written) when the stored
 * head is built from a newer revision, and its replacement is also conditioned on the stored head's
 * revision being at most its own.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  BOARD,
  BOARD_LIMIT,
  tieOf,
  type BoardHead,
  type BoardMatch,
  chunkRowsOf,
  type BoardChunk,
  type BoardQuestion,
  type ChunkSetRecord,
  type EventRow,
  type ScoreCount,
  type SeasonRow,
} from '@pickem/domain/entities/board';
import { TABLE } from '@pickem/domain/entities/table';
import { closeness, type TieBreak } from '@pickem/domain/ranking';
import { rulesOf, sameRules, type RulesItem } from '@pickem/domain/rules';
import type { Item } from './attributes.ts';
import { compareScores } from './ranks.ts';
import { keyId, type Store } from './store.ts';

/** Event and season rows share their first five fields: userId, displayName, points, correct, rank. */
export type BoardRow = EventRow | SeasonRow;

/** What a board is rebuilt from: its rows in any order (their ranks are recomputed). */
export interface BoardContent<Row extends BoardRow> {
  rows: Row[];
  final: boolean;
  card: BoardMatch[];
  /** Event boards: the rules and the tie-break answer the rows are scored and ranked with. */
  rules?: RulesItem;
  tieBreakAnswer?: number | null;
  /** Event boards: the questions the rows are scored on. */
  questions?: BoardQuestion[];
}

/**
 * What orders rows tied on points (domain/ranking.ts secondKey): correct picks, or on an event board
 * whose rules ask a tie-break question, the closeness of the row's guess (EventRow's tieBreak).
 */
export function secondOf(row: BoardRow, tie: TieBreak): number {
  return tie === null ? row[3] : closeness((row as EventRow)[9] ?? null, tie.answer);
}

/** Rows highest first (compareScores: points, the second key, then user id descending) with competition ranks. */
export function rankRows<Row extends BoardRow>(rows: Row[], tie: TieBreak = null): Row[] {
  // Each row's score is made once, not at each of the sort's n log n comparisons (100,000 rows on a live pass).
  const scored = rows.map((row) => ({ row, score: { userId: row[0], points: row[2], correct: secondOf(row, tie) } }));
  scored.sort((a, b) => compareScores(a.score, b.score));
  const out: Row[] = [];
  scored.forEach(({ row, score }, i) => {
    const prev = scored[i - 1]?.score;
    const tied = prev !== undefined && prev.points === score.points && prev.correct === score.correct;
    const ranked = [...row] as Row;
    ranked[4] = tied ? out[i - 1][4] : i + 1;
    out.push(ranked);
  });
  return out;
}

/** [points, second key, players] per distinct score of ranked rows, highest first. */
export function histogram(ranked: BoardRow[], tie: TieBreak = null): ScoreCount[] {
  const out: ScoreCount[] = [];
  for (const row of ranked) {
    const last = out[out.length - 1];
    const second = secondOf(row, tie);
    if (last && last[0] === row[2] && last[1] === second) last[2] += 1;
    else out.push([row[2], second, 1]);
  }
  return out;
}

/** Ranked rows in chunks of BOARD_LIMIT.rowsPerChunk, each as its stored JSON text (BoardChunk). */
export function chunkTexts(ranked: BoardRow[]): string[] {
  const texts: string[] = [];
  for (let start = 0; start < ranked.length; start += BOARD_LIMIT.rowsPerChunk)
    texts.push(JSON.stringify(ranked.slice(start, start + BOARD_LIMIT.rowsPerChunk)));
  return texts;
}

/** The keys of every chunk of a set of `rowCount` rows, in order. */
export function chunkKeys(scope: string, chunkSet: string, rowCount: number) {
  return Array.from({ length: BOARD.chunkCount(rowCount) }, (_, i) =>
    BOARD.chunkKey(BOARD.chunkPk(scope, chunkSet, i)),
  );
}

/** The head's `rowsHash`, from the chunks' texts: the digest of `JSON.stringify` of all the rows (as heads before chunk texts hold it). */
function rowsHash(texts: string[]): string {
  const hash = createHash('sha256').update('[');
  texts.forEach((text, i) => hash.update(i === 0 ? text.slice(1, -1) : `,${text.slice(1, -1)}`));
  return hash.update(']').digest('hex').slice(0, 24);
}

/** The stored head of a scope, without its key; null when there is none. */
export async function readHead(store: Store, scope: string): Promise<BoardHead | null> {
  const item = await store.get(BOARD.headKey(scope));
  if (!item) return null;
  const { [TABLE.pk]: _pk, [TABLE.sk]: _sk, type: _type, ...head } = item;
  return head as unknown as BoardHead;
}

/** Every row of a board, in rank order (strongly consistent reads of its chunks). */
export async function readRows<Row extends BoardRow>(store: Store, head: BoardHead): Promise<Row[]> {
  const keys = chunkKeys(head.scope, head.chunkSet, head.rowCount);
  const found = await store.batchGet(keys);
  const rows: Row[] = [];
  for (const key of keys) {
    const chunk = found.get(keyId(key));
    if (!chunk) throw new StaleHead(`Chunk ${key[TABLE.pk]} of board ${head.scope} version ${head.version} is gone`);
    rows.push(...chunkRowsOf(chunk as unknown as BoardChunk<Row>));
  }
  return rows;
}

/** A head whose chunks were replaced while it was read: read it again. */
class StaleHead extends Error {}

const MAX_ATTEMPTS = 10;

export interface BoardWrite {
  /** The head as it stands after the call (null: no board, and nothing to write). */
  head: BoardHead | null;
  written: boolean;
  /** The score counts of the rows `compose` gave (whether written or already stored); absent when it gave none. */
  scores?: ScoreCount[];
  /** The stored head is built from a newer card revision than the pass's (nothing written). */
  superseded?: boolean;
}

/** The card revision an event board is built from. */
export interface CardRevision {
  cardRev: number;
  /** A live pass: stand down for a head built from a newer revision, and never replace one. */
  yieldToNewer: boolean;
  /**
   * Given, the sweep of the sets the new head makes garbage is handed here rather than run: the live
   * pass's caller runs it once the leaderboard is out (a sweep that never runs leaves sets the next
   * one deletes).
   */
  deferSweep?: (sweep: () => Promise<void>) => void;
}

const headRev = (head: BoardHead | null) => head?.cardRev ?? 0;

/**
 * Rebuilds the board of `scope` from what `compose` makes of the head it is given (the stored one, or
 * null): nothing is written when `compose` answers null or the same content as stored (and, for an
 * event board, the same card revision). A concurrent replacement makes the condition fail: the head is
 * read again and `compose` called again, unless, with `revision.yieldToNewer`, the head read is built
 * from a newer revision: then the pass is superseded and writes nothing. With `scoresOnHead` false the
 * head stores no score counts (a season's: they are in its rank buckets, season-ranks.ts).
 */
export async function replaceBoard<Row extends BoardRow>(
  store: Store,
  scope: string,
  compose: (head: BoardHead | null) => Promise<BoardContent<Row> | null>,
  revision?: CardRevision,
  scoresOnHead = true,
): Promise<BoardWrite> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const head = await readHead(store, scope);
    if (revision?.yieldToNewer && headRev(head) > revision.cardRev) return { head, written: false, superseded: true };
    let content: BoardContent<Row> | null;
    try {
      content = await compose(head);
    } catch (err) {
      if (err instanceof StaleHead) continue;
      throw err;
    }
    if (content === null) return { head, written: false };
    const tie = content.rules ? tieOf({ rules: content.rules, tieBreakAnswer: content.tieBreakAnswer }) : null;
    const ranked = rankRows(content.rows, tie);
    const counts = histogram(ranked, tie);
    const scores = scoresOnHead ? counts : [];
    const texts = chunkTexts(ranked);
    // Other score counts than the head's: other rows, whatever their hash (no need to know it yet).
    const changed = head !== null && scoresOnHead && !same(head.scores, counts);
    let hash = head === null || changed ? undefined : rowsHash(texts);
    const keep = head !== null && hash !== undefined && head.rowsHash === hash;
    const sameRev = revision === undefined ? head?.cardRev === undefined : head?.cardRev === revision.cardRev;
    const sameScoring =
      head !== null &&
      // Compared field by field: a map read back from DynamoDB may list its keys in another order.
      sameRules(rulesOf(head), content.rules ?? rulesOf({})) &&
      (head.tieBreakAnswer ?? null) === (content.tieBreakAnswer ?? null) &&
      sameQuestions(head.questions ?? [], content.questions ?? []);
    if (
      keep &&
      same(head.scores, scores) &&
      same(head.card, content.card) &&
      head.final === content.final &&
      sameRev &&
      sameScoring
    )
      return { head, written: false, scores: counts };

    const chunkSet = keep ? head.chunkSet : randomBytes(8).toString('hex');
    const own: ChunkSetRecord | null = keep
      ? null
      : { scope, chunkSet, rowCount: ranked.length, basedOn: head?.version ?? 0, createdAt: new Date().toISOString() };
    if (own) {
      // The record first: whatever happens to this pass from here, the next replacement finds the set.
      await store.put(BOARD.chunkSetItem(own), { expression: 'attribute_not_exists(#pk)', names: { '#pk': TABLE.pk } });
      const written = store.batchPut(texts.map((text, i) => BOARD.chunkItem(BOARD.chunkPk(scope, chunkSet, i), text)));
      written.catch(() => {}); // awaited below: a failure then throws there
      if (hash === undefined) {
        // Once the first writes have left (the SDK sends them a few turns of the event loop on), beside them.
        await new Promise((resolve) => setImmediate(resolve));
        hash = rowsHash(texts);
      }
      await written;
    }
    const next: BoardHead = {
      scope,
      version: (head?.version ?? 0) + 1,
      rowCount: ranked.length,
      chunkSet,
      rowsHash: hash!,
      previous: keep ? head.previous : head && { chunkSet: head.chunkSet, rowCount: head.rowCount },
      scores,
      final: content.final,
      card: content.card,
      ...(revision ? { cardRev: revision.cardRev } : {}),
      ...(content.rules ? { rules: content.rules, tieBreakAnswer: content.tieBreakAnswer ?? null } : {}),
      ...(content.questions && content.questions.length > 0 ? { questions: content.questions } : {}),
      builtAt: new Date().toISOString(),
    };
    const condition: { expression: string; names: Record<string, string>; values?: Item } = head
      ? {
          expression: '#version = :version',
          names: { '#version': 'version' },
          values: { ':version': head.version } as Item,
        }
      : { expression: `attribute_not_exists(#pk)`, names: { '#pk': TABLE.pk } };
    if (head && revision?.yieldToNewer) {
      // Redundant with the version while the head read is the one stored, and the rule itself: no live pass replaces a newer head.
      condition.expression += ' AND (attribute_not_exists(#cardRev) OR #cardRev <= :cardRev)';
      condition.names['#cardRev'] = 'cardRev';
      condition.values![':cardRev'] = revision.cardRev;
    }
    try {
      await store.put({ ...BOARD.headKey(scope), ...BOARD.headAttributes(next) }, condition);
    } catch (err) {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
      if (own) await deleteSets(store, scope, [{ ...own, recorded: true }]);
      continue;
    }
    if (revision?.deferSweep) revision.deferSweep(() => sweep(store, next, head));
    else await sweep(store, next, head);
    return { head: next, written: true, scores: counts };
  }
  throw new Error(`Board ${scope} kept being replaced by other runs: gave up after ${MAX_ATTEMPTS} attempts`);
}

/** Questions compared by what scores them: a map read back from DynamoDB may list its keys in another order. */
export function sameQuestions(a: BoardQuestion[], b: BoardQuestion[]): boolean {
  const text = (qs: BoardQuestion[]) =>
    JSON.stringify(
      qs.map((q) => [
        q.id,
        q.position,
        q.kind,
        q.points,
        q.closePoints,
        q.closeRange,
        q.answer === null ? null : [q.answer.options, q.answer.number, q.answer.void],
        q.picked,
      ]),
    );
  return text(a) === text(b);
}

/** A chunk set to delete; `recorded`: it has a record (sets written before records have none). */
interface DoomedSet {
  chunkSet: string;
  rowCount: number;
  recorded: boolean;
}

/**
 * After `next` replaced `replaced`: deletes every chunk set of the board that no head can ever name
 * and no reader of the last two versions needs. A recorded set goes when neither `next` nor its
 * `previous` names it and its pass read a head older than `next` (that pass's head could only have
 * replaced the version it read, and the stored head is newer now: versions only rise). `replaced`'s
 * `previous` goes too (a set written before records has none). One strongly consistent Query of the
 * records (a few: the two named sets and those of passes in flight or dead), then the chunks of the
 * doomed sets and their records.
 */
export async function sweep(store: Store, next: BoardHead, replaced: BoardHead | null): Promise<void> {
  const named = new Set([next.chunkSet, ...(next.previous ? [next.previous.chunkSet] : [])]);
  const doomed = new Map<string, DoomedSet>();
  for (const item of await store.query(BOARD.chunkSets(next.scope))) {
    const record = item as unknown as ChunkSetRecord;
    if (named.has(record.chunkSet) || !(record.basedOn < next.version)) continue;
    doomed.set(record.chunkSet, { chunkSet: record.chunkSet, rowCount: record.rowCount, recorded: true });
  }
  const retired = replaced?.previous;
  if (retired && !named.has(retired.chunkSet) && !doomed.has(retired.chunkSet))
    doomed.set(retired.chunkSet, { ...retired, recorded: false });
  await deleteSets(store, next.scope, [...doomed.values()]);
}

/** Deletes the chunks of the sets, then (once every chunk is gone) their records. */
async function deleteSets(store: Store, scope: string, sets: DoomedSet[]): Promise<void> {
  if (sets.length === 0) return;
  await store.batchDelete(sets.flatMap((s) => chunkKeys(scope, s.chunkSet, s.rowCount)));
  const records = sets.filter((s) => s.recorded).map((s) => BOARD.chunkSetKey(scope, s.chunkSet));
  if (records.length > 0) await store.batchDelete(records);
}

/** Equal as stored (plain data: their JSON is the same). */
export function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
