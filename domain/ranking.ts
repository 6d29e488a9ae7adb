import { scoreSortKey } from './entities/table';

export interface Scored {
  userId: string;
  points: number;
  correct: number;
}

/**
 * Rows highest first with competition ranks (1, 2, 2, 4): points, then correct picks; a tie is ordered
 * by user id, descending (the boards' order, amplify/functions/score-event/ranks.ts). APPSYNC_JS sorts without a comparator, so
 * the rows are ordered by their padded score keys.
 */
export function ranked<T extends Scored>(rows: T[]): (T & { rank: number })[] {
  const byKey: Record<string, T> = {};
  const keys = rows.map((row) => {
    const key = scoreSortKey(row.points, row.correct, row.userId) ?? `~${row.userId}`;
    byKey[key] = row;
    return key;
  });
  keys.sort();
  keys.reverse();
  const out: (T & { rank: number })[] = [];
  for (const key of keys) {
    const row = byKey[key];
    const previous = out.length > 0 ? out[out.length - 1] : null;
    const tied = previous !== null && previous.points === row.points && previous.correct === row.correct;
    out.push({ ...row, rank: tied ? previous.rank : out.length + 1 });
  }
  return out;
}
