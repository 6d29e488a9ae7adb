/**
 * The benchmarks' questions (issue 42): ten a Royal Rumble night asks (the winner, the Final Four as 4
 * of 30, the winner's entry number within 2, who takes the fall, ...), one of them voided, and each
 * player's answers: varied, deterministic, and player 0's all right (so the live run's top row stays
 * known).
 */
import type { AnswerItem } from '@pickem/domain/entities/prediction';
import { QUESTION, type QuestionAnswerItem, type QuestionItem } from '@pickem/domain/entities/question';
import { questionFields } from '@pickem/domain/questions';
import type { QuestionInput } from '@pickem/domain/schema-types';

export interface BenchQuestion {
  input: QuestionInput;
  /** As setQuestionAnswer takes it. */
  answer: { options?: number[]; number?: number; void?: boolean };
}

const entrants = Array.from({ length: 30 }, (_, i) => `Entrant ${i + 1}`);

export const BENCH_QUESTIONS: BenchQuestion[] = [
  {
    input: { kind: 'MULTI', text: 'The Final Four', options: entrants, pickCount: 4, points: 5 },
    answer: { options: [2, 7, 19, 25] },
  },
  { input: { kind: 'CHOICE', text: 'Who wins the Rumble?', options: entrants, points: 10 }, answer: { options: [7] } },
  {
    input: { kind: 'NUMBER', text: "The winner's entry number", points: 10, closePoints: 4, closeRange: 2 },
    answer: { number: 27 },
  },
  { input: { kind: 'CHOICE', text: 'Who enters at #30?', options: entrants, points: 5 }, answer: { options: [17] } },
  {
    input: { kind: 'NUMBER', text: 'The most eliminations by one entrant', points: 8, closePoints: 3, closeRange: 1 },
    answer: { number: 6 },
  },
  {
    input: { kind: 'CHOICE', text: 'Who takes the fall in the tag match?', options: ['A', 'B', 'C', 'D'], points: 5 },
    answer: { options: [2] },
  },
  {
    input: {
      kind: 'MULTI',
      text: 'Two surprise entrants',
      options: ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8'],
      pickCount: 2,
      points: 4,
    },
    answer: { options: [1, 5] },
  },
  {
    input: { kind: 'CHOICE', text: 'Is Money in the Bank cashed in?', options: ['Yes', 'No'], points: 5 },
    answer: { options: [1] },
  },
  {
    input: { kind: 'NUMBER', text: 'The main event in minutes', points: 5, closePoints: 2, closeRange: 5 },
    answer: { number: 34 },
  },
  {
    input: { kind: 'CHOICE', text: 'Who lasts the longest?', options: entrants, points: 5 },
    answer: { void: true },
  },
];

/** Question i's id, shaped like addQuestion's (a ULID: 26 characters). */
/** As addQuestion names the event's (i + 1)th question. */
export const benchQuestionId = (i: number) => QUESTION.idOf(i + 1);

/** As setQuestionAnswer stores it. */
export const storedAnswer = (q: BenchQuestion): QuestionAnswerItem =>
  q.answer.void === true
    ? { options: [], number: null, void: true }
    : { options: q.answer.options ?? [], number: q.answer.number ?? null, void: false };

/** The questions' items as addQuestion writes them, answered (setQuestionAnswer) when `answered`. */
export function benchQuestionItems(eventId: string, answered: boolean): QuestionItem[] {
  return BENCH_QUESTIONS.map((q, i) => {
    const checked = questionFields(q.input);
    if ('error' in checked) throw new Error(`bench question ${i}: ${checked.error}`);
    const item = QUESTION.record(eventId, benchQuestionId(i), i + 1, checked.fields);
    return answered ? { ...item, answer: storedAnswer(q) } : item;
  });
}

/** A small deterministic generator (an LCG step): the same player answers the same way every run. */
const step = (x: number) => (Math.imul(x, 1103515245) + 12345) >>> 0;

/**
 * Player u's answers to every question, as savePrediction stores them (in position order): `pickCount`
 * distinct options, or a guess within 6 of the answer (exact, close at the range's edges, or out).
 */
export function benchAnswers(u: number, questionIds: string[]): AnswerItem[] {
  return BENCH_QUESTIONS.map((q, i) => {
    const right = q.answer.void === true ? { options: [0], number: null } : storedAnswer(q);
    if (u === 0) return { questionId: questionIds[i], options: right.options, number: right.number };
    let x = step(u * 16 + i + 1);
    if (q.input.kind === 'NUMBER')
      return { questionId: questionIds[i], options: [], number: right.number! + ((x >>> 8) % 13) - 6 };
    const options: number[] = [];
    while (options.length < (q.input.pickCount ?? 1)) {
      x = step(x);
      const option = (x >>> 8) % q.input.options!.length;
      if (!options.includes(option)) options.push(option);
    }
    return { questionId: questionIds[i], options, number: null };
  });
}

/** What player 0's answer (the right one) earns on a question once it is answered. */
export const rightAnswerPoints = (q: BenchQuestion) =>
  q.answer.void === true ? 0 : q.input.kind === 'MULTI' ? q.input.points * q.answer.options!.length : q.input.points;
