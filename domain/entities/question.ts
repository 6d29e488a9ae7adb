/**
 * Question items: in their event's partition, `EVENT#<eventId>` / `QUESTION#<questionId>`, so the card's
 * one Query of the partition reads them with the matches (EventCard stays 2 requests); no GSI key.
 */
import type { QuestionKind } from '../schema-types';
import { EVENT } from './event';
import { beginsWith, onTable } from './access';
import { sharesOf } from '../points';
import type { ItemKey } from './table';

/** The right options (CHOICE, MULTI), the number (NUMBER), or void: nobody earns anything. */
export interface QuestionAnswerItem {
  options: number[];
  number: number | null;
  void: boolean;
}

export interface QuestionItem {
  id: string;
  eventId: string;
  /** Its place among the event's questions, 1-based (added last: one more than the highest). */
  position: number;
  kind: QuestionKind;
  text: string;
  options: string[];
  pickCount: number;
  points: number;
  closePoints: number;
  closeRange: number;
  /** Null while it has none. */
  answer: QuestionAnswerItem | null;
}

/** What scoring reads of a question (an event board's head keeps it, with the options' picks at the bell). */
export type ScoringQuestion = Pick<
  QuestionItem,
  'id' | 'position' | 'kind' | 'points' | 'closePoints' | 'closeRange' | 'answer'
>;

/** What a QuestionInput becomes once validated. */
export type QuestionFields = Pick<
  QuestionItem,
  'kind' | 'text' | 'options' | 'pickCount' | 'points' | 'closePoints' | 'closeRange'
>;

const TYPE = 'Question';
const SK_PREFIX = 'QUESTION#';

const key = (eventId: string, questionId: string): ItemKey => ({
  PK: EVENT.pk(eventId),
  SK: `${SK_PREFIX}${questionId}`,
});
const attributes = (question: QuestionItem) => ({ type: TYPE, ...question });

export const QUESTION = {
  type: TYPE,
  key,
  /** Access pattern: the questions of an event's partition (the scoring function). */
  list: (eventId: string) => onTable(EVENT.pk(eventId), beginsWith(SK_PREFIX), true),
  /**
   * The id of the event's `seq`th question ever added: short, since every prediction stores it with
   * each answer and score (stored-answers.ts), and never reused after a removal, so an answer to a
   * removed question never counts for a new one.
   */
  idOf: (seq: number) => `q${seq}`,
  /** A new or edited question: it has no answer. */
  record: (eventId: string, questionId: string, position: number, fields: QuestionFields): QuestionItem => ({
    id: questionId,
    eventId,
    position,
    ...fields,
    answer: null,
  }),
  attributes,
  item: (question: QuestionItem) => ({ ...key(question.eventId, question.id), ...attributes(question) }),
};

/**
 * A question item to the GraphQL Question; `picked`: how many predictions picked each option at the
 * bell (null before it, and for NUMBER).
 */
export function toQuestion(item: QuestionItem, showAnswer: boolean, picked: number[] | null = null) {
  const answer = item.answer ?? null;
  return {
    id: item.id,
    position: item.position,
    kind: item.kind,
    text: item.text,
    options: item.options ?? [],
    pickCount: item.pickCount,
    points: item.points,
    closePoints: item.closePoints ?? 0,
    closeRange: item.closeRange ?? 0,
    answer:
      showAnswer && answer !== null
        ? { options: answer.options ?? [], number: answer.number ?? null, void: answer.void === true }
        : null,
    optionShares: picked !== null && item.kind !== 'NUMBER' ? sharesOf(picked) : null,
  };
}

/** The questions in position order (no comparator: APPSYNC_JS passes no function to sort). */
export function byPosition<Q extends { position: number }>(questions: Q[]): Q[] {
  const ordered: Q[] = [];
  for (const q of questions) {
    let at = 0;
    for (const placed of ordered) if (placed.position <= q.position) at = at + 1;
    ordered.splice(at, 0, q);
  }
  return ordered;
}

/** The event's questions in position order. */
export function cardQuestions(
  questions: QuestionItem[],
  showAnswers: boolean,
  picked: Record<string, number[]> | null = null,
) {
  return byPosition(questions).map((q) =>
    toQuestion(q, showAnswers, picked !== null && Object.hasOwn(picked, q.id) ? picked[q.id] : null),
  );
}
