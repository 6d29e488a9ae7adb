/**
 * An event's scoring rules (the joker, the finish, the underdog, the title change, the perfect card,
 * the tie-break question): their defaults, limits and checks, and the rules in plain words. The points
 * they give are computed in points.ts; the tie-break's order in ranking.ts. Free of
 * `@aws-appsync/utils`: the resolvers, the scoring function and the apps read it.
 */
import type { FinishMethod, QuestionKind, ScoringRulesInput } from './schema-types';

/** The rules as an event item stores them (`rules`; absent on events created before them: DEFAULT_RULES). */
export interface RulesItem {
  joker: boolean;
  methodBonus: number;
  underdogBonus: number;
  underdogPercent: number;
  titleChangeBonus: number;
  perfectCardBonus: number;
  tieBreakQuestion: string | null;
}

/** Every rule off; `underdogPercent` 30 (countryclubwrestling's threshold). */
export const DEFAULT_RULES: RulesItem = {
  joker: false,
  methodBonus: 0,
  underdogBonus: 0,
  underdogPercent: 30,
  titleChangeBonus: 0,
  perfectCardBonus: 0,
  tieBreakQuestion: null,
};

/**
 * Each bonus is 0 to `bonus` (a match's points go to MAX_MATCH_POINTS, 1000); underdogPercent is 1 to
 * `underdogPercent`; a tie-break guess and its answer are 0 to `tieBreak`. (No comments inside: the
 * resolvers' bundles keep them, and AppSync limits a bundle's size.)
 */
export const RULES_LIMIT = {
  bonus: 1000,
  underdogPercent: 99,
  tieBreakQuestion: 200,
  tieBreak: 100000,
} as const;

/** The finishes a pick may call and a result may record, in the order the apps list them. */
export const FINISH_METHODS: FinishMethod[] = [
  'PINFALL',
  'SUBMISSION',
  'KNOCKOUT',
  'COUNT_OUT',
  'DISQUALIFICATION',
  'OTHER',
];

/** How the apps name a finish ("called the submission"). */
export const FINISH_NAMES: Record<FinishMethod, string> = {
  PINFALL: 'pinfall',
  SUBMISSION: 'submission',
  KNOCKOUT: 'knockout',
  COUNT_OUT: 'count-out',
  DISQUALIFICATION: 'disqualification',
  OTHER: 'other finish',
};

/** An event's rules (an item written before rules has none: every rule off). Rules are stored whole. */
export function rulesOf(event: { rules?: RulesItem | null }): RulesItem {
  return event.rules ?? DEFAULT_RULES;
}

/** Whether picks name a finish on an event of these rules. */
export const scoresMethod = (rules: RulesItem) => rules.methodBonus > 0;

/** Whether a guess is asked (and an answer needed before the final scoring). */
export const asksTieBreak = (rules: RulesItem) => rules.tieBreakQuestion !== null;

/** The numeric rules and their ranges: each bonus 0 to RULES_LIMIT.bonus, underdogPercent 1 to 99. */
const RANGES: [
  'methodBonus' | 'underdogBonus' | 'titleChangeBonus' | 'perfectCardBonus' | 'underdogPercent',
  number,
][] = [
  ['methodBonus', 0],
  ['underdogBonus', 0],
  ['titleChangeBonus', 0],
  ['perfectCardBonus', 0],
  ['underdogPercent', 1],
];

/**
 * `current` with `input` applied (a field left out keeps its value; an empty question removes it), or
 * the first problem in plain words. `question` is the question as the caller cleaned it (the resolvers
 * normalise text; undefined: left out, null: removed).
 */
export function mergedRules(
  current: RulesItem,
  input: Omit<ScoringRulesInput, 'tieBreakQuestion'>,
  question: string | null | undefined,
): { rules: RulesItem; problem: null } | { rules: null; problem: string } {
  const rules: RulesItem = { ...current };
  if (input.joker !== null && input.joker !== undefined) rules.joker = input.joker;
  for (const [field, min] of RANGES) {
    const max = min === 0 ? RULES_LIMIT.bonus : RULES_LIMIT.underdogPercent;
    const value = input[field] ?? null;
    if (value !== null && (value < min || value > max))
      return { rules: null, problem: `${field} must be ${min} to ${max}; got ${value}` };
    if (value !== null) rules[field] = value;
  }
  if (question !== undefined) rules.tieBreakQuestion = question;
  return { rules, problem: null };
}

/** Whether two rule sets are the same (a "change" to the same rules is no change). */
export function sameRules(a: RulesItem, b: RulesItem): boolean {
  return (
    a.joker === b.joker &&
    a.methodBonus === b.methodBonus &&
    a.underdogBonus === b.underdogBonus &&
    a.underdogPercent === b.underdogPercent &&
    a.titleChangeBonus === b.titleChangeBonus &&
    a.perfectCardBonus === b.perfectCardBonus &&
    a.tieBreakQuestion === b.tieBreakQuestion
  );
}

/** Why a tie-break guess or answer is refused, or null. */
export function tieBreakProblem(value: number, field: string): string | null {
  return value < 0 || value > RULES_LIMIT.tieBreak
    ? `${field} must be a whole number from 0 to ${RULES_LIMIT.tieBreak}; got ${value}`
    : null;
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * The rules in plain words, one sentence a rule that is on (the README and docs/scoring.md say the
 * same): what the app shows on an event's card.
 */
export function rulesInWords(rules: RulesItem): string[] {
  const lines = [
    "A correct pick earns the match's points. A draw or a no contest voids the match: nothing gained or lost.",
  ];
  if (rules.joker)
    lines.push(
      "Joker: play it on one match. Right, it earns twice the match's points; wrong, you lose the match's points.",
    );
  if (rules.methodBonus > 0)
    lines.push(
      `Finish: call how the match ends; a correct pick with the right finish adds ${plural(rules.methodBonus, 'point')}.`,
    );
  if (rules.underdogBonus > 0)
    lines.push(
      `Underdog: a correct pick that fewer than ${rules.underdogPercent}% of players made (counted at the bell) adds ${plural(rules.underdogBonus, 'point')}.`,
    );
  if (rules.titleChangeBonus > 0)
    lines.push(
      `Title change: correctly picking a challenger to beat the champion adds ${plural(rules.titleChangeBonus, 'point')}.`,
    );
  if (rules.perfectCardBonus > 0)
    lines.push(
      `Perfect card: pick every match that has a winner and get each right for ${plural(rules.perfectCardBonus, 'bonus point')}.`,
    );
  if (rules.joker && (rules.methodBonus > 0 || rules.underdogBonus > 0 || rules.titleChangeBonus > 0))
    lines.push("The joker doubles the match's points only, not its bonuses.");
  if (rules.tieBreakQuestion !== null)
    lines.push(`Tie-break: ${rules.tieBreakQuestion} Players level on points are ranked by the closest guess.`);
  return lines;
}

/**
 * How an event's questions are scored, in the words of the README and docs/scoring.md ("### Questions"):
 * one sentence for each kind the event asks, none without questions.
 */
export function questionsInWords(questions: readonly { kind: QuestionKind }[]): string[] {
  const kinds: Record<string, boolean> = {};
  for (const q of questions) kinds[q.kind] = true;
  if (questions.length === 0) return [];
  const lines = ['Questions: each is scored with the card, worth the points shown with it.'];
  if (kinds.CHOICE) lines.push('A one-option question earns its points for the right option.');
  if (kinds.MULTI)
    lines.push('A several-option question earns its points for each option you picked that is in the answer.');
  if (kinds.NUMBER)
    lines.push(
      'A number question earns its points when your number is exact, otherwise its close points when it is within its range (both ends count).',
    );
  lines.push('A voided question earns nothing for anyone.');
  return lines;
}
