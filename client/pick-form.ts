/**
 * The picks form both apps keep: the joker's match, each pick's finish and the tie-break guess beside
 * the picks themselves; what Save picks sends under the event's rules; and each match's pick line.
 */
import type { FinishMethod } from '@pickem/domain/schema-types';
import { resultText, type Match } from './card.ts';
import { pickOutcome } from './outcome.ts';
import { answersToSave, draftAnswers, sameAnswers, type DraftAnswers, type SavedAnswer } from './questions.ts';
import { byFinish, pickEarned, type Rules } from './rules.ts';

/** A prediction's joker (its match id), finishes, tie-break guess (as the input's text) and answers to the questions. */
export interface Extras {
  joker: string | null;
  methods: Record<string, FinishMethod | undefined>;
  tieBreak: string;
  answers: DraftAnswers;
}

export function extrasOf(
  prediction:
    | {
        picks: { matchId: string; method?: FinishMethod | null; joker: boolean }[];
        tieBreak?: number | null;
        answers?: SavedAnswer[] | null;
      }
    | null
    | undefined,
): Extras {
  const picks = prediction?.picks ?? [];
  return {
    joker: picks.find((p) => p.joker)?.matchId ?? null,
    methods: Object.fromEntries(picks.filter((p) => p.method).map((p) => [p.matchId, p.method!])),
    tieBreak: prediction?.tieBreak == null ? '' : String(prediction.tieBreak),
    answers: draftAnswers(prediction?.answers),
  };
}

export function sameExtras(a: Extras, b: Extras): boolean {
  const methods = (x: Extras) =>
    JSON.stringify(
      Object.entries(x.methods)
        .filter(([, m]) => m)
        .sort(),
    );
  return (
    a.joker === b.joker &&
    a.tieBreak.trim() === b.tieBreak.trim() &&
    methods(a) === methods(b) &&
    sameAnswers(a.answers, b.answers)
  );
}

/** Whether two sets of picks (match id to team) are the same. */
export function samePicks(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}

/**
 * savePrediction's picks, tie-break and answers: a finish, the joker and the guess only when the rules
 * score them; or why the answers cannot be saved yet (a plain sentence).
 */
export function predictionToSave(
  picks: Record<string, number>,
  extras: Extras,
  rules: Rules,
  questions: Parameters<typeof answersToSave>[1] = [],
) {
  const chosen = Object.entries(picks).map(([matchId, team]) => ({
    matchId,
    team,
    ...(rules.methodBonus > 0 && extras.methods[matchId] ? { method: extras.methods[matchId] } : {}),
    ...(rules.joker && extras.joker === matchId ? { joker: true } : {}),
  }));
  const guess = extras.tieBreak.trim();
  const tieBreak = rules.tieBreakQuestion && guess !== '' ? Number(guess) : null;
  const answers = answersToSave(extras.answers, questions);
  return { picks: chosen, tieBreak, ...answers };
}

/** The joker toggled on or off for a match: one joker a card. */
export const withJoker = (extras: Extras, matchId: string, on: boolean): Extras => ({
  ...extras,
  joker: on ? matchId : extras.joker === matchId ? null : extras.joker,
});

/** The result with its finish ("Winner: Toni Storm by submission"), null before one. */
export function resultLine(match: Pick<Match, 'result' | 'outcome' | 'teams' | 'method'>): string | null {
  const result = resultText(match);
  return result && match.method ? `${result} ${byFinish(match.method)}` : result;
}

/**
 * How the pick fared: what it earned and why under the event's rules ("+20: joker, +5: called the
 * submission"), or the plain line with every rule off; null before a result or without a pick.
 * `earnedPoints`: what the server scored for this match, null before a pass.
 */
export function pickLine(
  match: Match,
  pick: number | undefined,
  extras: Extras,
  rules: Rules,
  earnedPoints: number | null,
): { text: string; won: boolean } | null {
  // With every rule off, a pick's points need no reasons: the plain line says them.
  const anyRule = rules.joker || rules.methodBonus > 0 || rules.underdogBonus > 0 || rules.titleChangeBonus > 0;
  const earned =
    pick === undefined || !anyRule
      ? null
      : pickEarned(
          match,
          { matchId: match.id, team: pick, method: extras.methods[match.id] ?? null, joker: extras.joker === match.id },
          rules,
          earnedPoints,
        );
  return earned ? { text: earned.text, won: earned.points > 0 } : pickOutcome(match, pick);
}
