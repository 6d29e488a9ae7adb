import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answersOf, scoresOf, storedAnswers, storedScores } from '@pickem/domain/entities/stored-answers';
import { QUESTION } from '@pickem/domain/entities/question';

const questionId = fc.integer({ min: 1, max: 500 }).map(QUESTION.idOf);
const answer = fc.oneof(
  fc.record({ questionId, options: fc.array(fc.nat(29), { minLength: 1, maxLength: 30 }), number: fc.constant(null) }),
  fc.record({ questionId, options: fc.constant([] as number[]), number: fc.integer({ min: -1e6, max: 1e6 }) }),
);

describe('stored answers and question scores', () => {
  it('read back as written, whatever the answers and scores', () => {
    fc.assert(
      fc.property(fc.array(answer, { maxLength: 20 }), (answers) => {
        expect(answersOf(storedAnswers(answers))).toEqual(answers);
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ questionId, points: fc.integer({ min: -50, max: 600 }) }), { maxLength: 20 }),
        (scores) => {
          expect(scoresOf(storedScores(scores))).toEqual(scores);
        },
      ),
    );
  });

  it('keep a prediction of 10 answers and their scores small (a prediction under 1 KB is one write unit)', () => {
    const answers = Array.from({ length: 10 }, (_, i) =>
      i % 3 === 2
        ? { questionId: QUESTION.idOf(i + 1), options: [], number: 27 }
        : { questionId: QUESTION.idOf(i + 1), options: i % 3 === 1 ? [3, 11, 17, 29] : [12], number: null },
    );
    expect(storedAnswers(answers)).toBe(
      'q1:12 q2:3,11,17,29 q3:=27 q4:12 q5:3,11,17,29 q6:=27 q7:12 q8:3,11,17,29 q9:=27 q10:12',
    );
    expect(storedScores(answers.map((a) => ({ questionId: a.questionId, points: 5 })))).toBe(
      'q1:5 q2:5 q3:5 q4:5 q5:5 q6:5 q7:5 q8:5 q9:5 q10:5',
    );
  });

  it('read nothing stored as no answers', () => {
    expect(answersOf(undefined)).toEqual([]);
    expect(answersOf('')).toEqual([]);
    expect(scoresOf(null)).toEqual([]);
  });
});
