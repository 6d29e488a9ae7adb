/** The demo players' answers to an event's questions, and the admin's answer to each (scripts/demo/load.ts). */
import type { AnswerInput } from '@pickem/domain/schema-types';
import type { DemoQuestion } from './cards.ts';

/** `count` distinct indexes below `size`, drawn with `rnd`. */
function distinct(rnd: () => number, size: number, count: number): number[] {
  const out: number[] = [];
  while (out.length < count) {
    const i = Math.floor(rnd() * size);
    if (!out.includes(i)) out.push(i);
  }
  return out;
}

/** A player's answers: the right ones for `perfect`, otherwise right about a third of the time, else drawn. */
export function demoAnswers(
  questions: DemoQuestion[],
  questionIds: string[],
  rnd: () => number,
  perfect: boolean,
): AnswerInput[] {
  return questions.map((q, i) => {
    const questionId = questionIds[i];
    const right = perfect || rnd() < 0.35;
    if (typeof q.answer === 'number')
      return { questionId, number: right ? q.answer : q.answer + Math.floor(rnd() * 9) - 4 };
    const size = q.input.options?.length ?? 0;
    const count = q.input.pickCount ?? 1;
    return { questionId, options: right ? q.answer : distinct(rnd, size, count) };
  });
}

/** setQuestionAnswer's variables for a question's answer. */
export const answerVariables = (q: DemoQuestion) =>
  typeof q.answer === 'number' ? { number: q.answer } : { options: q.answer };
