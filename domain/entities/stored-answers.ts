/**
 * A prediction's answers and question scores as its items store them: one string each, rather than a
 * list of maps whose attribute names DynamoDB counts in every element. A prediction with 10 answers
 * then stays under 1 KB, one write unit (docs/data-model.md, "Predictions").
 * - answers: `q1:3 q2:1,4,7,9 q3:=27` (a question's id, then its options, or `=` and the number);
 * - scores: `q1:5 q2:0 q3:10`.
 * Question ids hold no space or colon (QUESTION.idOf).
 */
/** An answer to a question: the options picked (CHOICE, MULTI) or the number guessed (NUMBER). */
export interface AnswerItem {
  questionId: string;
  options: number[];
  number: number | null;
}

export interface QuestionScore {
  questionId: string;
  points: number;
}

/** `id:rest` split at its first colon. */
function parts(stored: string | null | undefined): { id: string; rest: string }[] {
  if (typeof stored !== 'string' || stored === '') return [];
  return stored.split(' ').map((part) => {
    const colon = part.indexOf(':');
    return { id: part.slice(0, colon), rest: part.slice(colon + 1) };
  });
}

export function storedAnswers(answers: AnswerItem[] | null | undefined): string {
  return (answers ?? [])
    .map((a) => `${a.questionId}:${a.number !== null && a.number !== undefined ? `=${a.number}` : a.options.join(',')}`)
    .join(' ');
}

export function answersOf(stored: string | null | undefined): AnswerItem[] {
  return parts(stored).map((p) =>
    p.rest.slice(0, 1) === '='
      ? { questionId: p.id, options: [], number: Number(p.rest.slice(1)) }
      : { questionId: p.id, options: p.rest === '' ? [] : p.rest.split(',').map((o) => Number(o)), number: null },
  );
}

export function storedScores(scores: QuestionScore[] | null | undefined): string {
  return (scores ?? []).map((s) => `${s.questionId}:${s.points}`).join(' ');
}

export function scoresOf(stored: string | null | undefined): QuestionScore[] {
  return parts(stored).map((p) => ({ questionId: p.id, points: Number(p.rest) }));
}
