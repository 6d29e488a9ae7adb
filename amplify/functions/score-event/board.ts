/**
 * Writing a board (resolvers/lib/entities/board.ts): rows sorted and ranked, the score histogram,
 * chunks named by their content, and the head replaced on the version it was read at.
 *
 * A replacement writes only the chunks its head does not already list (as its own or as the version
 * before's), then replaces the head on the condition that its version is still the one read (on a
 * failed condition, the head is read again and the rows composed again), then deletes the chunks of
 * the version before last that the new head does not list. A chunk carries the head version it was
 * written for, and its deletion is conditioned on that version being no newer than the version being
 * retired: a concurrent writer that has just written the same content again (for a newer head) keeps it.
 */
import { createHash } from 'node:crypto';
import { BOARD, BOARD_LIMIT, type BoardHead, type BoardMatch, type EventRow, type ScoreCount, type SeasonRow } from '../../../resolvers/lib/entities/board.ts';
import { TABLE } from '../../../resolvers/lib/entities/table.ts';
import type { Item } from './attributes.ts';
import { forEachBounded } from './pool.ts';
import { compareScores } from './ranks.ts';
import { keyId, type Store } from './store.ts';

/** Event and season rows share their first five fields: userId, displayName, points, correct, rank. */
export type BoardRow = EventRow | SeasonRow;

/** What a board is rebuilt from: its rows in any order (their ranks are recomputed). */
export interface BoardContent<Row extends BoardRow> {
  rows: Row[];
  final: boolean;
  card: BoardMatch[];
}

/** A chunk as it will be stored: its partition key and its rows. */
export interface BuiltChunk<Row extends BoardRow> {
  pk: string;
  rows: Row[];
}

/** Rows highest first (compareScores: points, correct, then user id descending) with competition ranks. */
export function rankRows<Row extends BoardRow>(rows: Row[]): Row[] {
  const score = (r: BoardRow) => ({ userId: r[0], points: r[2], correct: r[3] });
  const sorted = [...rows].sort((a, b) => compareScores(score(a), score(b)));
  const out: Row[] = [];
  sorted.forEach((row, i) => {
    const prev = out[i - 1];
    const tied = prev !== undefined && prev[2] === row[2] && prev[3] === row[3];
    const ranked = [...row] as Row;
    ranked[4] = tied ? prev[4] : i + 1;
    out.push(ranked);
  });
  return out;
}

/** [points, correct, players] per distinct score of ranked rows, highest first. */
export function histogram(ranked: BoardRow[]): ScoreCount[] {
  const out: ScoreCount[] = [];
  for (const row of ranked) {
    const last = out[out.length - 1];
    if (last && last[0] === row[2] && last[1] === row[3]) last[2] += 1;
    else out.push([row[2], row[3], 1]);
  }
  return out;
}

/** Ranked rows in chunks of BOARD_LIMIT.rowsPerChunk, each named by its index and a hash of its rows. */
export function chunkRows<Row extends BoardRow>(scope: string, ranked: Row[]): BuiltChunk<Row>[] {
  const chunks: BuiltChunk<Row>[] = [];
  for (let i = 0; i * BOARD_LIMIT.rowsPerChunk < ranked.length; i++) {
    const rows = ranked.slice(i * BOARD_LIMIT.rowsPerChunk, (i + 1) * BOARD_LIMIT.rowsPerChunk);
    const hash = createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 20);
    chunks.push({ pk: BOARD.chunkPk(scope, i, hash), rows });
  }
  return chunks;
}

/** The stored head of a scope, without its key; null when there is none. */
export async function readHead(store: Store, scope: string): Promise<BoardHead | null> {
  const item = await store.get(BOARD.headKey(scope));
  if (!item) return null;
  const { PK: _pk, SK: _sk, type: _type, ...head } = item;
  return head as unknown as BoardHead;
}

/** Every row of a board, in rank order (strongly consistent reads of its chunks). */
export async function readRows<Row extends BoardRow>(store: Store, head: BoardHead): Promise<Row[]> {
  const keys = head.chunks.map((pk) => BOARD.chunkKey(pk));
  const found = await store.batchGet(keys);
  const rows: Row[] = [];
  for (const key of keys) {
    const chunk = found.get(keyId(key));
    if (!chunk) throw new StaleHead(`Chunk ${key.PK} of board ${head.scope} version ${head.version} is gone`);
    rows.push(...(chunk.rows as Row[]));
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
}

/**
 * Rebuilds the board of `scope` from what `compose` makes of the head it is given (the stored one, or
 * null): nothing is written when `compose` answers null or the same content as stored. A concurrent
 * replacement makes the condition fail: the head is read again and `compose` called again.
 */
export async function replaceBoard<Row extends BoardRow>(
  store: Store,
  scope: string,
  compose: (head: BoardHead | null) => Promise<BoardContent<Row> | null>,
): Promise<BoardWrite> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const head = await readHead(store, scope);
    let content: BoardContent<Row> | null;
    try {
      content = await compose(head);
    } catch (err) {
      if (err instanceof StaleHead) continue;
      throw err;
    }
    if (content === null) return { head, written: false };
    const ranked = rankRows(content.rows);
    const chunks = chunkRows(scope, ranked);
    const scores = histogram(ranked);
    const pks = chunks.map((c) => c.pk);
    if (head && same(head.chunks, pks) && same(head.scores, scores) && same(head.card, content.card) && head.final === content.final) {
      return { head, written: false };
    }

    const version = (head?.version ?? 0) + 1;
    const listed = new Set([...(head?.chunks ?? []), ...(head?.previous ?? [])]);
    const missing = chunks.filter((c) => !listed.has(c.pk));
    await store.batchPut(missing.map((c) => ({ ...BOARD.chunkItem(c.pk, c.rows), version })));
    const next: BoardHead = {
      scope,
      version,
      rowCount: ranked.length,
      chunks: pks,
      previous: head?.chunks ?? [],
      scores,
      final: content.final,
      card: content.card,
      builtAt: new Date().toISOString(),
    };
    const condition: { expression: string; names: Record<string, string>; values?: Item } = head
      ? { expression: '#version = :version', names: { '#version': 'version' }, values: { ':version': head.version } as Item }
      : { expression: `attribute_not_exists(#pk)`, names: { '#pk': TABLE.pk } };
    try {
      await store.put({ ...BOARD.headKey(scope), ...BOARD.headAttributes(next) }, condition);
    } catch (err) {
      if ((err as { name?: string }).name === 'ConditionalCheckFailedException') continue;
      throw err;
    }
    if (head) {
      const kept = new Set([...next.chunks, ...next.previous]);
      const retired = head.previous.filter((pk) => !kept.has(pk));
      await forEachBounded(retired, store.concurrency, async (pk) => {
        await store.deleteIf(BOARD.chunkKey(pk), { expression: '#version <= :version', names: { '#version': 'version' }, values: { ':version': head.version - 1 } });
      });
    }
    return { head: next, written: true };
  }
  throw new Error(`Board ${scope} kept being replaced by other runs: gave up after ${MAX_ATTEMPTS} attempts`);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
