/**
 * Questions beyond the winner (the Rumble's #30, the Final Four, who takes the fall): validating a
 * question and a player's answers, and what an answer earns. The one place these are computed: the
 * resolvers, the scoring function's live and final passes and the apps read it. Plain data and
 * functions only, so APPSYNC_JS runs it as Node does.
 *
 * - CHOICE: the right option earns `points`.
 * - MULTI: each picked option in the answer earns `points` (the Final Four: 4 of 30, 5 a hit).
 * - NUMBER: the exact answer earns `points`; otherwise a guess within `closeRange` of it `closePoints`.
 * - A voided question earns nothing for anyone; a question without an answer scores nothing yet.
 */
import type { AnswerItem } from './entities/prediction';
import { hasRepeat } from './answers';
import { byPosition, type QuestionFields, type QuestionItem, type ScoringQuestion } from './entities/question';
import type { QuestionInput } from './schema-types';
import { QUESTION_LIMIT } from './limits';

/** The most a question's points (and close points, and close range) may be. */
export const MAX_QUESTION_POINTS = 1000;

const isCount = (n: unknown, max: number) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= max;

/** A QuestionInput as stored, or what is wrong with it (a plain sentence for the admin). */
export function questionFields(input: QuestionInput): { fields: QuestionFields } | { error: string } {
  const text = (input.text ?? '').trim();
  if (text === '' || text.length > QUESTION_LIMIT.text)
    return { error: `A question's text runs from 1 to ${QUESTION_LIMIT.text} characters.` };
  if (!isCount(input.points, MAX_QUESTION_POINTS))
    return { error: `A question is worth 0 to ${MAX_QUESTION_POINTS} points.` };
  const options = (input.options ?? []).map((o) => o.trim());
  if (input.kind === 'NUMBER') {
    if (options.length > 0) return { error: 'A number question has no options.' };
    const closePoints = input.closePoints ?? 0;
    const closeRange = input.closeRange ?? 0;
    if (!isCount(closePoints, MAX_QUESTION_POINTS) || !isCount(closeRange, MAX_QUESTION_POINTS))
      return { error: `Close points and the close range run from 0 to ${MAX_QUESTION_POINTS}.` };
    if ((input.pickCount ?? 0) !== 0) return { error: 'A number question has no pick count.' };
    return {
      fields: { kind: 'NUMBER', text, options: [], pickCount: 0, points: input.points, closePoints, closeRange },
    };
  }
  if (options.length < 2 || options.length > QUESTION_LIMIT.options)
    return { error: `A question has 2 to ${QUESTION_LIMIT.options} options.` };
  for (const option of options)
    if (option === '' || option.length > QUESTION_LIMIT.option)
      return { error: `Each option runs from 1 to ${QUESTION_LIMIT.option} characters.` };
  if (hasRepeat(options)) return { error: 'Each option is named once.' };
  if ((input.closePoints ?? 0) !== 0 || (input.closeRange ?? 0) !== 0)
    return { error: 'Only a number question has close points.' };
  const pickCount = input.pickCount ?? 1;
  if (input.kind === 'CHOICE' && pickCount !== 1) return { error: 'A choice question takes one option.' };
  if (!Number.isInteger(pickCount) || pickCount < 1 || pickCount > options.length)
    return { error: 'A player picks from 1 option to all of them.' };
  return {
    fields: { kind: input.kind, text, options, pickCount, points: input.points, closePoints: 0, closeRange: 0 },
  };
}

/** Why an answer earned what it did: the apps word it (`+5: Final Four hit (2 of 4)`, `+5: within 2 of #27`). */
export type QuestionReason = 'RIGHT' | 'HITS' | 'EXACT' | 'CLOSE' | 'MISS' | 'VOID';

export interface QuestionPoints {
  points: number;
  reason: QuestionReason;
  /** MULTI: how many of the picked options were in the answer. */
  hits: number;
}

/** What an answer earns on a question; null while the question has no answer (or void with no answer). */
export function questionPoints(answer: AnswerItem | undefined, question: ScoringQuestion): QuestionPoints | null {
  const right = question.answer ?? null;
  if (right === null) return null;
  if (right.void === true) return { points: 0, reason: 'VOID', hits: 0 };
  if (answer === undefined) return { points: 0, reason: 'MISS', hits: 0 };
  if (question.kind === 'NUMBER') {
    const guess = answer.number ?? null;
    if (guess === null || right.number === null) return { points: 0, reason: 'MISS', hits: 0 };
    if (guess === right.number) return { points: question.points, reason: 'EXACT', hits: 1 };
    if (Math.abs(guess - right.number) <= (question.closeRange ?? 0) && (question.closePoints ?? 0) > 0)
      return { points: question.closePoints, reason: 'CLOSE', hits: 0 };
    return { points: 0, reason: 'MISS', hits: 0 };
  }
  let hits = 0;
  const picked = answer.options ?? [];
  for (const option of right.options) if (picked.indexOf(option) >= 0) hits = hits + 1;
  if (hits === 0) return { points: 0, reason: 'MISS', hits: 0 };
  return question.kind === 'CHOICE'
    ? { points: question.points, reason: 'RIGHT', hits }
    : { points: question.points * hits, reason: 'HITS', hits };
}

/** A prediction's score on the questions with an answer (in position order) and their total. */
export function scoreQuestions(answers: AnswerItem[] | null | undefined, questions: ScoringQuestion[]) {
  const byId: Record<string, AnswerItem> = {};
  for (const a of answers ?? []) if (!Object.hasOwn(byId, a.questionId)) byId[a.questionId] = a;
  const ordered = byPosition(questions);
  let points = 0;
  const questionScores: { questionId: string; points: number }[] = [];
  for (const q of ordered) {
    const earned = questionPoints(Object.hasOwn(byId, q.id) ? byId[q.id] : undefined, q);
    if (earned !== null) {
      questionScores.push({ questionId: q.id, points: earned.points });
      points = points + earned.points;
    }
  }
  return { points, questionScores };
}

/** The most an answer can still earn on the questions without an answer. */
export function possibleQuestionPoints(answers: AnswerItem[] | null | undefined, questions: ScoringQuestion[]): number {
  const byId: Record<string, AnswerItem> = {};
  for (const a of answers ?? []) if (!Object.hasOwn(byId, a.questionId)) byId[a.questionId] = a;
  let possible = 0;
  for (const q of questions)
    if ((q.answer ?? null) === null && Object.hasOwn(byId, q.id))
      possible = possible + (q.kind === 'MULTI' ? q.points * (byId[q.id].options ?? []).length : q.points);
  return possible;
}

/** The questions that block a final pass: neither an answer nor void. */
export const unansweredQuestions = <Q extends ScoringQuestion>(questions: Q[]) =>
  questions.filter((q) => (q.answer ?? null) === null);

/**
 * How many predictions picked each option of each CHOICE or MULTI question, counted at the bell with
 * the picks (Question.optionShares reads it).
 */
export function optionCounts(
  predictions: (AnswerItem[] | null | undefined)[],
  questions: QuestionItem[],
): Record<string, number[]> {
  const counts: Record<string, number[]> = {};
  for (const q of questions) if (q.kind !== 'NUMBER') counts[q.id] = q.options.map(() => 0);
  for (const answers of predictions) {
    const seen: string[] = [];
    for (const a of answers ?? []) {
      if (Object.hasOwn(counts, a.questionId) && seen.indexOf(a.questionId) < 0) {
        seen.push(a.questionId);
        const row = counts[a.questionId];
        const options = a.options ?? [];
        const distinct = options.filter((v, i) => options.indexOf(v) === i);
        for (const index of distinct) if (index >= 0 && index < row.length) row[index] = row[index] + 1;
      }
    }
  }
  return counts;
}
