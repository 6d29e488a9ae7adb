import { scoreSortKey } from './entities/table';
import { RULES_LIMIT } from './rules';

export interface Scored {
  userId: string;
  points: number;
  correct: number;
  /** The player's tie-break guess (events with a question). */
  tieBreak?: number | null;
}

/**
 * How an event's leaderboard breaks a tie on points: `asked` when its rules have a tie-break question,
 * with the answer once the admin set it. Null: no question (ties on points go to correct picks).
 */
export type TieBreak = { answer: number | null } | null;

/**
 * A guess's closeness to the answer, higher is closer: RULES_LIMIT.tieBreak + 1 - the distance (1 or
 * more), 0 for no guess (last) or while there is no answer (everyone equal).
 */
export function closeness(guess: number | null | undefined, answer: number | null): number {
  if (answer === null || guess === null || guess === undefined) return 0;
  const distance = guess > answer ? guess - answer : answer - guess;
  return RULES_LIMIT.tieBreak + 1 - distance;
}

/**
 * What orders rows tied on points: with a tie-break question, the closeness of the guess (closest
 * first, no guess last; equal closeness is a tie); without one, correct picks (season standings too).
 */
export function secondKey(row: Scored, tie: TieBreak): number {
  return tie === null ? row.correct : closeness(row.tieBreak, tie.answer);
}

/**
 * Rows highest first with competition ranks (1, 2, 2, 4): points, then the second key (secondKey); a
 * tie is ordered by user id, descending (the boards' order, amplify/functions/score-event/ranks.ts).
 * APPSYNC_JS sorts without a comparator, so the rows are ordered by their padded score keys.
 */
export function ranked<T extends Scored>(rows: T[], tie: TieBreak = null): (T & { rank: number })[] {
  const byKey: Record<string, T> = {};
  const keys = rows.map((row) => {
    const key = scoreSortKey(row.points, secondKey(row, tie), row.userId) ?? `!${row.userId}`;
    byKey[key] = row;
    return key;
  });
  keys.sort();
  keys.reverse();
  const out: (T & { rank: number })[] = [];
  for (const key of keys) {
    const row = byKey[key];
    const previous = out.length > 0 ? out[out.length - 1] : null;
    const tied =
      previous !== null && previous.points === row.points && secondKey(previous, tie) === secondKey(row, tie);
    out.push({ ...row, rank: tied ? previous.rank : out.length + 1 });
  }
  return out;
}
