/**
 * An event's rules as the apps show them: in plain words (domain/rules.ts, the same words as the
 * README and docs/scoring.md), the finishes to pick from, and what a pick earned and why ("+50: joker").
 */
import type { PickItem } from '@pickem/domain/entities/prediction';
import { challengersOf, pickPoints, titleChangeOf, type PointsReason } from '@pickem/domain/points';
import { FINISH_METHODS, FINISH_NAMES, questionsInWords, rulesInWords, type RulesItem } from '@pickem/domain/rules';
import type { FinishMethod } from '@pickem/domain/schema-types';
import type { Card, Match } from './card.ts';

export { FINISH_METHODS, FINISH_NAMES, rulesInWords };
export type Rules = Card['event']['rules'];

const strip = (rules: Rules): RulesItem => ({
  joker: rules.joker,
  methodBonus: rules.methodBonus,
  underdogBonus: rules.underdogBonus,
  underdogPercent: rules.underdogPercent,
  titleChangeBonus: rules.titleChangeBonus,
  perfectCardBonus: rules.perfectCardBonus,
  tieBreakQuestion: rules.tieBreakQuestion ?? null,
});

/** A finish as the apps name it after a winner ("by submission"). */
export const byFinish = (method: FinishMethod) => `by ${FINISH_NAMES[method]}`;

/** The rules of an event in plain words, one sentence a rule that is on, then how its questions (if any) are scored. */
export const rulesText = (rules: Rules, questions: readonly Pick<Card['questions'][number], 'kind'>[] = []) => [
  ...rulesInWords(strip(rules)),
  ...questionsInWords(questions),
];

const REASON: Record<PointsReason, (method: FinishMethod | null) => string> = {
  PICK: () => 'correct pick',
  JOKER: () => 'joker',
  JOKER_LOST: () => 'joker lost',
  METHOD: (method) => `called the ${method ? FINISH_NAMES[method] : 'finish'}`,
  UNDERDOG: () => 'underdog',
  TITLE_CHANGE: () => 'title change',
};

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/**
 * What a pick earned on a match with a result, and why, as one line ("+50: joker, +5: called the
 * submission"); null before the result. `points`: what the server scored for this match (it counted
 * the picks at the bell exactly; the shares shown are rounded), which the line's total always shows.
 */
export function pickEarned(
  match: Pick<Match, 'points' | 'result' | 'outcome' | 'method' | 'pickShares' | 'championships' | 'teams'>,
  pick: PickItem | undefined,
  rules: Rules,
  points: number | null,
): { text: string; points: number } | null {
  const scoring = {
    points: match.points,
    result: match.result ?? null,
    outcome: match.outcome ?? null,
    method: match.method ?? null,
    titleChange: titleChangeOf({ ...match, result: match.result ?? null }),
    challengers: challengersOf(match),
    picked: match.pickShares ?? null,
  };
  const earned = pickPoints(pick, scoring, strip(rules));
  if (earned === null) return null;
  const total = points ?? earned.points;
  if (pick === undefined)
    return { text: match.outcome === 'WIN' ? 'No pick.' : 'Voided: nothing gained or lost.', points: 0 };
  if (match.outcome !== 'WIN') return { text: 'Voided: nothing gained or lost.', points: 0 };
  if (earned.why.length === 0) return { text: `${signed(total)}: wrong pick`, points: total };
  const parts = earned.why.map((w) => `${signed(w.points)}: ${REASON[w.reason](match.method ?? null)}`);
  // The rounded shares shown can differ from the exact count at the bell: the server's total wins.
  return { text: total === earned.points ? parts.join(', ') : `${signed(total)} in all`, points: total };
}
