import { describe, expect, it } from 'vitest';
import type { QuestionAnswerItem, QuestionItem } from '@pickem/domain/entities/question';
import { cardQuestions } from '@pickem/domain/entities/question';
import { QUESTION_LIMIT } from '@pickem/domain/limits';
import { predictionAnswers, questionAnswer } from '@pickem/domain/answers';
import {
  optionCounts,
  possibleQuestionPoints,
  questionFields,
  questionPoints,
  scoreQuestions,
} from '@pickem/domain/questions';

const entrants = Array.from({ length: 30 }, (_, i) => `Entrant ${i + 1}`);
const q = (id: string, fields: Partial<QuestionItem>, answer: QuestionAnswerItem | null = null): QuestionItem => ({
  id,
  eventId: 'e',
  position: 1,
  kind: 'CHOICE',
  text: id,
  options: ['A', 'B', 'C'],
  pickCount: 1,
  points: 3,
  closePoints: 0,
  closeRange: 0,
  answer,
  ...fields,
});
const right = (options: number[]): QuestionAnswerItem => ({ options, number: null, void: false });
const num = (n: number): QuestionAnswerItem => ({ options: [], number: n, void: false });
const VOID: QuestionAnswerItem = { options: [], number: null, void: true };
const ans = (questionId: string, options: number[] = [], number: number | null = null) => ({
  questionId,
  options,
  number,
});

describe('questionPoints', () => {
  it('CHOICE: the right option earns points, another nothing', () => {
    const choice = q('c', {}, right([1]));
    expect(questionPoints(ans('c', [1]), choice)).toEqual({ points: 3, reason: 'RIGHT', hits: 1 });
    expect(questionPoints(ans('c', [0]), choice)?.points).toBe(0);
    expect(questionPoints(undefined, choice)?.points).toBe(0);
    expect(questionPoints(ans('c', [1]), q('c', {}))).toBeNull();
  });

  it('MULTI: each hit earns points (the Final Four, 5 a hit)', () => {
    const four = q('f', { kind: 'MULTI', options: entrants, pickCount: 4, points: 5 }, right([3, 7, 11, 29]));
    expect(questionPoints(ans('f', [3, 7, 11, 29]), four)).toEqual({ points: 20, reason: 'HITS', hits: 4 });
    expect(questionPoints(ans('f', [3, 0, 1, 29]), four)).toEqual({ points: 10, reason: 'HITS', hits: 2 });
    expect(questionPoints(ans('f', [0, 1, 2, 4]), four)?.points).toBe(0);
  });

  it('NUMBER: exact earns points, within closeRange closePoints, edges included', () => {
    const entry = q(
      'n',
      { kind: 'NUMBER', options: [], pickCount: 0, points: 10, closePoints: 5, closeRange: 2 },
      num(27),
    );
    expect(questionPoints(ans('n', [], 27), entry)).toEqual({ points: 10, reason: 'EXACT', hits: 1 });
    expect(questionPoints(ans('n', [], 25), entry)).toEqual({ points: 5, reason: 'CLOSE', hits: 0 });
    expect(questionPoints(ans('n', [], 29), entry)?.points).toBe(5);
    expect(questionPoints(ans('n', [], 24), entry)?.points).toBe(0);
    expect(questionPoints(ans('n', [], 30), entry)?.points).toBe(0);
    const exactOnly = { ...entry, closeRange: 0 };
    expect(questionPoints(ans('n', [], 28), exactOnly)?.points).toBe(0);
  });

  it('a voided question earns nothing for anyone', () => {
    expect(questionPoints(ans('c', [1]), q('c', {}, VOID))).toEqual({ points: 0, reason: 'VOID', hits: 0 });
  });
});

describe('scoreQuestions and possibleQuestionPoints', () => {
  const questions = [
    q('b', { position: 2, kind: 'MULTI', pickCount: 2, points: 2 }, right([0, 2])),
    q('a', { position: 1 }, right([0])),
    q('c', { position: 3 }),
  ];
  it('totals the questions with an answer, in position order', () => {
    expect(scoreQuestions([ans('b', [0, 1]), ans('a', [0]), ans('c', [2])], questions)).toEqual({
      points: 5,
      questionScores: [
        { questionId: 'a', points: 3 },
        { questionId: 'b', points: 2 },
      ],
    });
  });
  it('counts what the unanswered questions could still add', () => {
    expect(possibleQuestionPoints([ans('c', [2])], questions)).toBe(3);
    expect(possibleQuestionPoints([], questions)).toBe(0);
  });
});

describe('questionFields', () => {
  it('keeps a valid question and fills its defaults', () => {
    expect(questionFields({ kind: 'CHOICE', text: ' Who takes the fall? ', options: ['A', 'B'], points: 3 })).toEqual({
      fields: {
        kind: 'CHOICE',
        text: 'Who takes the fall?',
        options: ['A', 'B'],
        pickCount: 1,
        points: 3,
        closePoints: 0,
        closeRange: 0,
      },
    });
  });
  it('refuses what is out of bounds', () => {
    const bad = [
      { kind: 'CHOICE' as const, text: 'x'.repeat(QUESTION_LIMIT.text + 1), options: ['A', 'B'], points: 1 },
      { kind: 'CHOICE' as const, text: 'q', options: ['A'], points: 1 },
      { kind: 'MULTI' as const, text: 'q', options: [...entrants, 'one more'], pickCount: 4, points: 1 },
      { kind: 'MULTI' as const, text: 'q', options: ['A', 'x'.repeat(QUESTION_LIMIT.option + 1)], points: 1 },
      { kind: 'MULTI' as const, text: 'q', options: ['A', 'B'], pickCount: 3, points: 1 },
      { kind: 'MULTI' as const, text: 'q', options: ['A', 'B'], pickCount: 0, points: 1 },
      { kind: 'CHOICE' as const, text: 'q', options: ['A', 'B'], pickCount: 2, points: 1 },
      { kind: 'NUMBER' as const, text: 'q', options: ['A'], points: 1 },
      { kind: 'CHOICE' as const, text: 'q', options: ['A', 'A'], points: 1 },
    ];
    for (const input of bad) expect(questionFields(input)).toHaveProperty('error');
  });
});

describe('predictionAnswers', () => {
  const questions = [
    q('c', {}),
    q('m', { position: 2, kind: 'MULTI', options: entrants, pickCount: 4 }),
    q('n', { position: 3, kind: 'NUMBER', options: [], pickCount: 0 }),
  ];
  it('keeps valid answers', () => {
    expect(
      predictionAnswers(questions, [
        { questionId: 'n', number: 27 },
        { questionId: 'c', options: [2] },
      ]),
    ).toEqual({
      answers: [ans('c', [2]), ans('n', [], 27)],
    });
  });
  it('refuses a wrong count, an index out of range, a number on a choice, a repeat, an unknown question', () => {
    const bad = [
      [{ questionId: 'm', options: [1, 2, 3] }],
      [{ questionId: 'c', options: [3] }],
      [{ questionId: 'c', options: [0], number: 4 }],
      [{ questionId: 'n', options: [1] }],
      [{ questionId: 'm', options: [1, 1, 2, 3] }],
      [{ questionId: 'x', options: [0] }],
      [
        { questionId: 'c', options: [0] },
        { questionId: 'c', options: [1] },
      ],
    ];
    for (const answers of bad) expect(predictionAnswers(questions, answers)).toHaveProperty('error');
  });
});

describe('questionAnswer, optionCounts, cardQuestions', () => {
  it('checks the admin answer; void and clear', () => {
    const choice = q('c', {});
    expect(questionAnswer(choice, [1], null, null)).toEqual({ answer: right([1]) });
    expect(questionAnswer(choice, [0, 1], null, null)).toHaveProperty('error');
    expect(questionAnswer(choice, null, null, true)).toEqual({ answer: VOID });
    expect(questionAnswer(choice, null, null, null)).toEqual({ answer: null });
  });
  it('counts the options picked, once per prediction, and shows shares from the bell', () => {
    const questions = [q('c', {}), q('n', { kind: 'NUMBER', options: [], pickCount: 0 })];
    const counts = optionCounts([[ans('c', [0])], [ans('c', [2])], [ans('c', [2])], null], questions);
    expect(counts).toEqual({ c: [1, 0, 2] });
    expect(cardQuestions(questions, false, counts)[0].optionShares).toEqual([33, 0, 67]);
    expect(cardQuestions(questions, false, null)[0].optionShares).toBeNull();
  });
});
