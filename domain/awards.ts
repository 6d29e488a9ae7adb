/**
 * A scored prediction's awards, from its event's final card (with the picks at the bell, as the board
 * head holds it), the player's picks and points, and the event's top points: one rule for the final
 * pass that stores them (Prediction.awards) and the boards that show them.
 *
 * - TOP_SCORE: the event's top points, above 0 (ties to all);
 * - PERFECT_CARD: every match with a winner picked right (at least one; voided matches aside);
 * - BOLDEST_CALL: a correct pick with the lowest pick share of the event (picks of the winner over the
 *   match's picks; ties to all).
 */
import type { BoardMatch } from './entities/board-match';
import type { PickItem } from './entities/prediction';
import { firstPicks } from './points';
import type { Award } from './schema-types';

export type AwardName = Award;

/** Every award, in the order they are listed. */
export const AWARDS: AwardName[] = ['TOP_SCORE', 'PERFECT_CARD', 'BOLDEST_CALL'];

const pickersOf = (m: BoardMatch) => (m[7] ?? []).reduce((n, c) => n + c, 0);
const winnersPicks = (m: BoardMatch) => (m[2] === null || m[7] === undefined ? 0 : (m[7][m[2]] ?? 0));

/** The lowest share of a correct pick on the card, as [picks of the winner, picks of the match]; null: no correct pick. */
export function boldestShare(card: BoardMatch[]): [number, number] | null {
  let best: [number, number] | null = null;
  for (const m of card) {
    const picked = winnersPicks(m);
    const pickers = pickersOf(m);
    if (picked > 0 && (best === null || picked * best[1] < best[0] * pickers)) best = [picked, pickers];
  }
  return best;
}

/** The event's top points: the highest of the players' points (null: no player). */
export function topPoints(points: number[]): number | null {
  let top: number | null = null;
  for (const p of points) if (top === null || p > top) top = p;
  return top;
}

/** What a prediction won (AWARDS order), once its event is scored. */
export function awardsOf(
  card: BoardMatch[],
  picks: PickItem[] | undefined,
  points: number,
  top: number | null,
  boldest: [number, number] | null = boldestShare(card),
): AwardName[] {
  const byMatch = firstPicks(picks);
  const right = (m: BoardMatch) => m[2] !== null && Object.hasOwn(byMatch, m[0]) && byMatch[m[0]].team === m[2];
  const withWinner = card.filter((m) => m[2] !== null);
  const out: AwardName[] = [];
  if (top !== null && top > 0 && points === top) out.push('TOP_SCORE');
  if (withWinner.length > 0 && withWinner.every((m) => right(m))) out.push('PERFECT_CARD');
  const bold = boldest;
  if (bold !== null && card.some((m) => right(m) && winnersPicks(m) * bold[1] === bold[0] * pickersOf(m)))
    out.push('BOLDEST_CALL');
  return out;
}
