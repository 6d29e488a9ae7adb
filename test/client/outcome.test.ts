import { describe, expect, it } from 'vitest';
import { pickMark, pickOutcome } from '@pickem/client/outcome';

describe("how a player's pick fared, as the card shows it", () => {
  const match = { points: 25, result: null, outcome: null };

  it('says nothing before the result, or without a pick', () => {
    expect(pickOutcome(match, 1)).toBeNull();
    expect(pickOutcome({ ...match, result: 1, outcome: 'WIN' }, undefined)).toBeNull();
  });

  it("won: the match's points; lost: none", () => {
    expect(pickOutcome({ ...match, result: 1, outcome: 'WIN' }, 1)).toEqual({
      text: 'Your pick won: +25 pts.',
      won: true,
    });
    expect(pickOutcome({ ...match, result: 0, outcome: 'WIN' }, 1)).toEqual({ text: 'Your pick lost.', won: false });
    // Team 0 is a winner like any other, not a missing result.
    expect(pickOutcome({ ...match, result: 0, outcome: 'WIN' }, 0)).toEqual({
      text: 'Your pick won: +25 pts.',
      won: true,
    });
  });

  it('a draw or a no contest: no points for any pick', () => {
    expect(pickOutcome({ ...match, outcome: 'DRAW' }, 0)).toEqual({ text: 'No points: a draw.', won: false });
    expect(pickOutcome({ ...match, outcome: 'NO_CONTEST' }, 1)).toEqual({ text: 'No points: no contest.', won: false });
  });
});

describe("a pick's mark on a board (the leaderboard's, a league's, a history's)", () => {
  it('right, wrong, or open before the result', () => {
    expect(pickMark({ result: null, outcome: null }, 1)).toBe('open');
    expect(pickMark({ result: 1, outcome: 'WIN' }, 1)).toBe('right');
    expect(pickMark({ result: 0, outcome: 'WIN' }, 1)).toBe('wrong');
  });

  it('voided, not wrong, after a draw or a no contest: no pick counts', () => {
    expect(pickMark({ result: null, outcome: 'DRAW' }, 0)).toBe('voided');
    expect(pickMark({ result: null, outcome: 'NO_CONTEST' }, 1)).toBe('voided');
  });
});
