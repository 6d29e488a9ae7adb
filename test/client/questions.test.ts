import { describe, expect, it } from 'vitest';
import {
  answersToSave,
  answerWords,
  draftAnswers,
  filterOptions,
  questionAsk,
  questionWorth,
  sameAnswers,
  withNumber,
  withOption,
} from '@pickem/client/questions';
import { extrasOf, predictionToSave, sameExtras } from '@pickem/client/pick-form';

const choice = {
  id: 'c',
  kind: 'CHOICE' as const,
  text: 'Who takes the fall?',
  pickCount: 1,
  options: ['A', 'B', 'C'],
};
const four = { id: 'm', kind: 'MULTI' as const, text: 'The Final Four', pickCount: 2, options: ['W', 'X', 'Y', 'Z'] };
const entry = { id: 'n', kind: 'NUMBER' as const, text: 'Entry number', pickCount: 0, options: [] };

describe("a question's worth and ask, as both apps show them", () => {
  it('words each kind', () => {
    expect(questionWorth({ kind: 'CHOICE', points: 3, closePoints: 0, closeRange: 0 })).toBe('3 pts');
    expect(questionWorth({ kind: 'CHOICE', points: 1, closePoints: 0, closeRange: 0 })).toBe('1 pt');
    expect(questionWorth({ kind: 'MULTI', points: 5, closePoints: 0, closeRange: 0 })).toBe('5 pts a hit');
    expect(questionWorth({ kind: 'NUMBER', points: 10, closePoints: 4, closeRange: 2 })).toBe(
      '10 pts exact, 4 within 2',
    );
    expect(questionWorth({ kind: 'NUMBER', points: 10, closePoints: 0, closeRange: 2 })).toBe('10 pts exact');
    expect([choice, { ...four, pickCount: 4 }, entry].map(questionAsk)).toEqual(['Pick one', 'Pick 4', 'Your number']);
  });
});

describe('the draft answers', () => {
  it('a choice takes one option, a multi up to its pick count, a number digits only', () => {
    expect(withOption(withOption(undefined, choice, 0), choice, 2).options).toEqual([2]);
    let d = withOption(undefined, four, 0);
    d = withOption(d, four, 3);
    expect(withOption(d, four, 1).options).toEqual([0, 3]);
    expect(withOption(d, four, 0).options).toEqual([3]);
    expect(withNumber(undefined, '2a7').number).toBe('27');
    expect(withNumber(undefined, '-3-').number).toBe('-3');
  });

  it('reads a saved prediction, and compares blank answers as the same', () => {
    const saved = draftAnswers([
      { questionId: 'm', options: [3, 0] },
      { questionId: 'n', options: [], number: 27 },
    ]);
    expect(saved).toEqual({ m: { options: [3, 0], number: '' }, n: { options: [], number: '27' } });
    expect(sameAnswers(saved, { ...saved, m: { options: [0, 3], number: '' }, c: { options: [], number: '' } })).toBe(
      true,
    );
    expect(sameAnswers(saved, { ...saved, n: { options: [], number: '28' } })).toBe(false);
    expect(sameAnswers({}, { c: { options: [1], number: '' } })).toBe(false);
  });

  it('saves answered questions only, and refuses a multi short of its count', () => {
    const questions = [choice, four, entry];
    expect(answersToSave({ c: { options: [1], number: '' }, n: { options: [], number: ' 27 ' } }, questions)).toEqual({
      answers: [
        { questionId: 'c', options: [1] },
        { questionId: 'n', number: 27 },
      ],
    });
    expect(answersToSave({ m: { options: [1], number: '' } }, questions)).toEqual({
      error: '“The Final Four”: pick 2 (1 picked).',
    });
  });

  it('goes with the picks: unsaved changes and savePrediction', () => {
    const prediction = { picks: [], tieBreak: null, answers: [{ questionId: 'c', options: [0] }] };
    const extras = extrasOf(prediction);
    expect(sameExtras(extras, { ...extras, answers: { c: { options: [1], number: '' } } })).toBe(false);
    const rules = { joker: false, methodBonus: 0, underdogBonus: 0, titleChangeBonus: 0, tieBreakQuestion: null };
    expect(predictionToSave({}, extras, rules as never, [choice])).toEqual({
      picks: [],
      tieBreak: null,
      answers: [{ questionId: 'c', options: [0] }],
    });
  });
});

describe('a long list of options', () => {
  it('filters by a search, any case, keeping card order', () => {
    const options = ['Kofi Kingston', 'CM Punk', 'Penta', 'Jey Uso', 'Punk Rock'];
    expect(filterOptions(options, 'punk')).toEqual([1, 4]);
    expect(filterOptions(options, '  ')).toEqual([0, 1, 2, 3, 4]);
  });

  it('words an answer', () => {
    expect(answerWords(four, { questionId: 'm', options: [1, 3] })).toBe('X, Z');
    expect(answerWords(entry, { questionId: 'n', options: [], number: 27 })).toBe('27');
    expect(answerWords(entry, undefined)).toBeNull();
  });
});
