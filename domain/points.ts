import { winnerOf, type MatchItem } from './entities/match';
import type { PickItem } from './entities/prediction';

/**
 * Points and number of correct picks of one set of picks against the card's results so far: the one
 * rule, used by the scoring function and by the league tables computed at read time. A pick is
 * correct when it names the match's winner: a match without a result, a draw or a no contest counts
 * for no one; picks of matches not on the card (not in `onCard`, by match id) count for nothing, and
 * a match picked twice counts once.
 */
export function scorePicks(
  picks: PickItem[] | undefined,
  onCard: Record<string, Pick<MatchItem, 'points' | 'result' | 'outcome'>>,
): { points: number; correct: number } {
  let points = 0;
  let correct = 0;
  const seen: Record<string, boolean> = {};
  for (const pick of picks ?? []) {
    const match =
      seen[pick.matchId] === true || !Object.hasOwn(onCard, pick.matchId) ? undefined : onCard[pick.matchId];
    seen[pick.matchId] = true;
    if (match && winnerOf(match) === pick.team) {
      points = points + match.points;
      correct = correct + 1;
    }
  }
  return { points, correct };
}
