/**
 * The event's questions beyond the winner as both apps show and answer them: what each is worth, the
 * player's draft answers (kept with the picks' extras, saved with the picks), the options a search box
 * leaves, and an answer in words (the boards, after the lock).
 */
import type { AnswerInput } from './graphql/types.ts';
import type { Card } from './card.ts';
import { questionOutcome } from './question-outcome.ts';

export type Question = Card['questions'][number];
type Worth = Pick<Question, 'kind' | 'points' | 'closePoints' | 'closeRange'>;

/** A draft answer: the options picked (CHOICE, MULTI) or the number as typed (NUMBER). */
export interface DraftAnswer {
  options: number[];
  number: string;
}
/** The draft answers by question id. */
export type DraftAnswers = Record<string, DraftAnswer>;

/** An answer as the API returns it (a prediction's `answers`). */
export interface SavedAnswer {
  questionId: string;
  options: number[];
  number?: number | null;
}

const pts = (n: number) => `${n} ${n === 1 ? 'pt' : 'pts'}`;

/** What a question is worth: `3 pts`, `5 pts a hit`, `10 pts exact, 4 within 2`. */
export function questionWorth(q: Worth): string {
  if (q.kind === 'MULTI') return `${pts(q.points)} a hit`;
  if (q.kind === 'NUMBER')
    return q.closePoints > 0 && q.closeRange > 0
      ? `${pts(q.points)} exact, ${q.closePoints} within ${q.closeRange}`
      : `${pts(q.points)} exact`;
  return pts(q.points);
}

/** What the player is asked to do: "Pick one", "Pick 4", "Your number". */
export function questionAsk(q: Pick<Question, 'kind' | 'pickCount'>): string {
  if (q.kind === 'NUMBER') return 'Your number';
  return q.kind === 'CHOICE' || q.pickCount === 1 ? 'Pick one' : `Pick ${q.pickCount}`;
}

/** The draft answers of a saved prediction. */
export function draftAnswers(answers: SavedAnswer[] | null | undefined): DraftAnswers {
  return Object.fromEntries(
    (answers ?? []).map((a) => [
      a.questionId,
      { options: [...a.options], number: a.number == null ? '' : String(a.number) },
    ]),
  );
}

const blank = (d: DraftAnswer | undefined) => !d || (d.options.length === 0 && d.number.trim() === '');

export function sameAnswers(a: DraftAnswers, b: DraftAnswers): boolean {
  const ids = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const id of ids) {
    const x = a[id];
    const y = b[id];
    if (blank(x) && blank(y)) continue;
    if (blank(x) || blank(y)) return false;
    const options = (d: DraftAnswer) => JSON.stringify([...d.options].sort((i, j) => i - j));
    if (options(x!) !== options(y!) || x!.number.trim() !== y!.number.trim()) return false;
  }
  return true;
}

/** The draft after tapping an option: CHOICE takes it alone; MULTI adds or drops it, up to `pickCount`. */
export function withOption(draft: DraftAnswer | undefined, q: Pick<Question, 'kind' | 'pickCount'>, index: number) {
  const options = draft?.options ?? [];
  const next: DraftAnswer = { options, number: draft?.number ?? '' };
  if (q.kind !== 'MULTI') return { ...next, options: [index] };
  if (options.includes(index)) return { ...next, options: options.filter((o) => o !== index) };
  return options.length >= q.pickCount ? next : { ...next, options: [...options, index] };
}

/** The draft with a typed number: digits only (and a leading minus). */
export const withNumber = (draft: DraftAnswer | undefined, text: string): DraftAnswer => ({
  options: draft?.options ?? [],
  number: text.replace(/[^0-9-]/g, '').replace(/(?!^)-/g, ''),
});

/** The options a search box leaves (by index), in card order: every option for an empty search. */
export function filterOptions(options: string[], search: string): number[] {
  const needle = search.trim().toLowerCase();
  return options
    .map((o, i) => [o, i] as const)
    .filter(([o]) => o.toLowerCase().includes(needle))
    .map(([, i]) => i);
}

/** From how many options a question shows a search box and a compact list rather than a button each. */
export const COMPACT_FROM = 8;

/**
 * savePrediction's answers, or what keeps them from being saved (a plain sentence): a question left
 * blank is not sent; a MULTI must have exactly `pickCount` options.
 */
export function answersToSave(
  drafts: DraftAnswers,
  questions: Pick<Question, 'id' | 'kind' | 'text' | 'pickCount'>[],
): { answers: AnswerInput[] } | { error: string } {
  const answers: AnswerInput[] = [];
  for (const q of questions) {
    const d = drafts[q.id];
    if (blank(d)) continue;
    if (q.kind === 'NUMBER') {
      const n = Number(d!.number.trim());
      if (!Number.isInteger(n)) return { error: `“${q.text}”: type a whole number.` };
      answers.push({ questionId: q.id, number: n });
    } else {
      if (q.kind === 'MULTI' && d!.options.length !== q.pickCount)
        return { error: `“${q.text}”: pick ${q.pickCount} (${d!.options.length} picked).` };
      answers.push({ questionId: q.id, options: q.kind === 'CHOICE' ? d!.options.slice(0, 1) : d!.options });
    }
  }
  return { answers };
}

/** An answer in words: the options' names ("Kofi Kingston, Bron Breakker") or the number; null for none. */
export function answerWords(q: Pick<Question, 'kind' | 'options'>, answer: SavedAnswer | undefined): string | null {
  if (!answer) return null;
  if (q.kind === 'NUMBER') return answer.number == null ? null : String(answer.number);
  const names = answer.options.map((i) => q.options[i]).filter((o) => o !== undefined);
  return names.length > 0 ? names.join(', ') : null;
}

/** The question's answer once set: "Answer: Kofi Kingston", "Answer: 27", "Voided: no points for anyone"; null before. */
export function answerLine(q: Pick<Question, 'kind' | 'options' | 'answer'>): string | null {
  const right = q.answer;
  if (!right) return null;
  if (right.void) return 'Voided: no points for anyone';
  return `Answer: ${answerWords(q, { questionId: '', options: right.options, number: right.number }) ?? '–'}`;
}

/** What the player's saved answer earned and why (questionOutcome), marked won when it earned points; null before the answer. */
export function myOutcome(
  q: Question,
  answers: SavedAnswer[] | null | undefined,
): { text: string; won: boolean } | null {
  const mine = (answers ?? []).find((a) => a.questionId === q.id);
  const text = questionOutcome(mine && { questionId: q.id, options: mine.options, number: mine.number ?? null }, {
    ...q,
    answer: q.answer ? { options: q.answer.options, number: q.answer.number ?? null, void: q.answer.void } : null,
  });
  return text === null ? null : { text, won: text.startsWith('+') };
}
