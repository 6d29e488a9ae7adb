import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { closeness, ranked, secondKey, type TieBreak } from '@pickem/domain/ranking';

const row = (userId: string, points: number, tieBreak: number | null, correct = 0) => ({
  userId,
  points,
  correct,
  tieBreak,
});

describe('an event leaderboard with a tie-break question', () => {
  it('breaks a tie on points by the closest guess, no guess last; equal on both is one rank', () => {
    const rows = [
      row('a', 30, 12),
      row('b', 30, 20),
      row('c', 30, null),
      row('d', 30, 18),
      row('e', 45, null),
      row('f', -5, 15),
    ];
    const out = ranked(rows, { answer: 15 }).map((r) => [r.userId, r.rank]);
    // d and a are both 3 away: the same rank, listed by user id descending.
    expect(out).toEqual([
      ['e', 1],
      ['d', 2],
      ['a', 2],
      ['b', 4],
      ['c', 5],
      ['f', 6],
    ]);
  });

  it('ranks on points alone before the answer, and on correct picks without a question', () => {
    const rows = [row('a', 30, 12, 1), row('b', 30, 20, 3)];
    expect(ranked(rows, { answer: null }).map((r) => r.rank)).toEqual([1, 1]);
    expect(ranked(rows, null).map((r) => [r.userId, r.rank])).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
  });

  it('gives every row 1 + the rows strictly ahead of it (points, then the second key)', () => {
    const tieArb: fc.Arbitrary<TieBreak> = fc.option(fc.record({ answer: fc.option(fc.nat(50), { nil: null }) }), {
      nil: null,
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            userId: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 6 }),
            points: fc.integer({ min: -50, max: 50 }),
            correct: fc.nat(5),
            tieBreak: fc.option(fc.nat(60), { nil: null }),
          }),
          { selector: (r) => r.userId, maxLength: 30 },
        ),
        tieArb,
        (rows, tie) => {
          for (const r of ranked(rows, tie)) {
            const ahead = rows.filter(
              (o) => o.points > r.points || (o.points === r.points && secondKey(o, tie) > secondKey(r, tie)),
            ).length;
            expect(r.rank).toBe(ahead + 1);
          }
        },
      ),
    );
    expect(closeness(10, 15)).toBeGreaterThan(closeness(21, 15));
    expect(closeness(null, 15)).toBe(0);
  });
});
