/** How the player's pick fared once its match has a result: null before one, or without a pick. */
export function pickOutcome(
  match: { result?: number | null; outcome?: string | null; points: number },
  pick: number | undefined,
): { text: string; won: boolean } | null {
  if (pick === undefined) return null;
  // A draw or a no contest has no winner: no points for anyone, and no pick counts as correct.
  if (match.outcome === 'DRAW') return { text: 'No points: a draw.', won: false };
  if (match.outcome === 'NO_CONTEST') return { text: 'No points: no contest.', won: false };
  if (match.result == null) return null;
  return match.result === pick
    ? { text: `Your pick won: +${match.points} pts.`, won: true }
    : { text: 'Your pick lost.', won: false };
}

/** How a pick is marked on a board: right, wrong, voided (a draw or a no contest: no one's pick counts), or open (no result yet). */
export type PickMark = 'right' | 'wrong' | 'voided' | 'open';

export function pickMark(match: { result?: number | null; outcome?: string | null }, team: number): PickMark {
  if (match.outcome === 'DRAW' || match.outcome === 'NO_CONTEST') return 'voided';
  if (match.result == null) return 'open';
  return match.result === team ? 'right' : 'wrong';
}
