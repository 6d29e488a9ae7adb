/** Competition ranking ("1224"): equal scores share a rank, the next rank skips the tied places. */

export interface Score {
  userId: string;
  points: number;
  correct: number;
}

/** Points desc, correct desc, then userId desc: the order of a score GSI sort key read descending. */
export function compareScores(a: Score, b: Score): number {
  if (a.points !== b.points) return b.points - a.points;
  if (a.correct !== b.correct) return b.correct - a.correct;
  return a.userId < b.userId ? 1 : a.userId > b.userId ? -1 : 0;
}

/** Rank of every user id. */
export function competitionRanks(scores: Score[]): Map<string, number> {
  const sorted = [...scores].sort(compareScores);
  const ranks = new Map<string, number>();
  sorted.forEach((s, i) => {
    const prev = sorted[i - 1];
    const tied = prev !== undefined && prev.points === s.points && prev.correct === s.correct;
    ranks.set(s.userId, tied ? ranks.get(prev.userId)! : i + 1);
  });
  return ranks;
}
