import { describe, expect, it } from 'vitest';
import { questionOutcome } from '@pickem/client/question-outcome';

const base = { id: 'q', position: 1, text: 'Final Four', pickCount: 4, closePoints: 0, closeRange: 0 };
const set = (options: number[], number: number | null = null) => ({ void: false, options, number });

describe('what an answer to a question earned, as the card shows it', () => {
  it('says nothing before the answer is set', () => {
    expect(questionOutcome(undefined, { ...base, kind: 'CHOICE', points: 3, answer: null })).toBeNull();
  });

  it('words each reason', () => {
    const multi = { ...base, kind: 'MULTI' as const, points: 5, answer: set([0, 1, 2, 3]) };
    expect(questionOutcome({ questionId: 'q', options: [0, 1, 9, 8], number: null }, multi)).toBe(
      '+10: Final Four hit (2 of 4)',
    );
    const num = { ...base, kind: 'NUMBER' as const, points: 10, closePoints: 4, closeRange: 2, answer: set([], 27) };
    expect(questionOutcome({ questionId: 'q', options: [], number: 25 }, num)).toBe('+4: within 2 of 27');
    expect(questionOutcome({ questionId: 'q', options: [], number: 27 }, num)).toBe('+10: exact');
    expect(questionOutcome({ questionId: 'q', options: [], number: 20 }, num)).toBe('0: missed');
    expect(questionOutcome(undefined, { ...num, answer: { void: true, options: [], number: null } })).toBe('Voided');
  });
});
