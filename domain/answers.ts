/**
 * Checking a player's answers and the admin's answer against a question (savePrediction,
 * setQuestionAnswer): apart from domain/questions.ts, so a resolver's bundle stays small.
 */
import type { AnswerItem } from './entities/prediction';
import { byPosition, type QuestionAnswerItem, type QuestionItem } from './entities/question';

/** Whether a list names a value twice (APPSYNC_JS has no Set). */
export function hasRepeat<T>(values: T[]): boolean {
  return values.filter((v, i) => values.indexOf(v) !== i).length > 0;
}

/** Whether an answer's shape fits its question (the admin's answer, or a player's): null when it does. */
function shapeError(question: QuestionItem, options: number[] | null | undefined, number: number | null | undefined) {
  if (question.kind === 'NUMBER') {
    if ((options ?? []).length > 0) return 'A number question takes a number, not options.';
    if (typeof number !== 'number' || !Number.isInteger(number)) return 'A number question takes a whole number.';
    return null;
  }
  if (number !== null && number !== undefined) return 'A choice question takes options, not a number.';
  const picked = options ?? [];
  for (const index of picked)
    if (!Number.isInteger(index) || index < 0 || index >= question.options.length)
      return 'An option is not one of the question’s.';
  if (hasRepeat(picked)) return 'Each option is picked once.';
  return null;
}

/**
 * A player's answers as stored (in the questions' order), or what is wrong with them: a question
 * answered twice or not on the event, a wrong count of options, an index out of range, a number on a
 * choice question. A question left out is unanswered.
 */
export function predictionAnswers(
  questions: QuestionItem[],
  answers: { questionId: string; options?: number[] | null; number?: number | null }[],
): { answers: AnswerItem[] } | { error: string } {
  const byId: Record<string, QuestionItem> = {};
  for (const q of questions) byId[q.id] = q;
  const given: Record<string, AnswerItem> = {};
  for (const answer of answers) {
    if (!Object.hasOwn(byId, answer.questionId)) return { error: 'That question is not on this event.' };
    if (Object.hasOwn(given, answer.questionId)) return { error: 'Each question is answered once.' };
    const question = byId[answer.questionId];
    const wrong = shapeError(question, answer.options, answer.number);
    if (wrong !== null) return { error: wrong };
    if (question.kind !== 'NUMBER' && (answer.options ?? []).length !== question.pickCount)
      return {
        error: `Pick ${question.pickCount} option${question.pickCount === 1 ? '' : 's'} for “${question.text}”.`,
      };
    given[answer.questionId] = {
      questionId: answer.questionId,
      options: question.kind === 'NUMBER' ? [] : (answer.options ?? []),
      number: question.kind === 'NUMBER' ? (answer.number ?? null) : null,
    };
  }
  const ordered = byPosition(questions);
  return { answers: ordered.filter((q) => Object.hasOwn(given, q.id)).map((q) => given[q.id]) };
}

/** The admin's answer as stored, or what is wrong with it; all null clear it (answer null). */
export function questionAnswer(
  question: QuestionItem,
  options: number[] | null | undefined,
  number: number | null | undefined,
  voided: boolean | null | undefined,
): { answer: QuestionAnswerItem | null } | { error: string } {
  if (voided === true) return { answer: { options: [], number: null, void: true } };
  if ((options === null || options === undefined) && (number === null || number === undefined)) return { answer: null };
  const wrong = shapeError(question, options, number);
  if (wrong !== null) return { error: wrong };
  if (question.kind === 'CHOICE' && (options ?? []).length !== 1)
    return { error: 'A choice question has one right option.' };
  if (question.kind === 'MULTI' && (options ?? []).length === 0) return { error: 'Name at least one right option.' };
  return {
    answer:
      question.kind === 'NUMBER'
        ? { options: [], number: number ?? null, void: false }
        : { options: options ?? [], number: null, void: false },
  };
}
