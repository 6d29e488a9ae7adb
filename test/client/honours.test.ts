import { describe, expect, it } from 'vitest';
import { awardsText, championText, reignText, streakText, trophiesText } from '@pickem/client/honours';

describe('the belt, streaks and awards in words', () => {
  it('lists awards rarest first, and nothing without any', () => {
    expect(awardsText(['BOLDEST_CALL', 'TOP_SCORE', 'PERFECT_CARD'])).toBe('Perfect card · Top score · Boldest call');
    expect(awardsText([])).toBeNull();
    expect(awardsText(null)).toBeNull();
  });

  it('counts trophies, leaving out the awards never won', () => {
    expect(
      trophiesText([
        { award: 'TOP_SCORE', count: 2 },
        { award: 'BOLDEST_CALL', count: 1 },
        { award: 'PERFECT_CARD', count: 0 },
      ]),
    ).toBe('Top score ×2 · Boldest call ×1');
    expect(trophiesText([])).toBeNull();
  });

  it('words a streak, with the best only when it is longer', () => {
    expect(streakText({ current: 1, best: 1 })).toBe('1 correct pick in a row');
    expect(streakText({ current: 4, best: 9 })).toBe('4 correct picks in a row (best 9)');
    expect(streakText({ current: 0, best: 0 })).toBe('0 correct picks in a row');
  });

  it("words the champion and the title history's reigns", () => {
    const reign = { displayName: 'Sam', wonAtName: 'Full Gear', defenses: 0 };
    expect(championText(reign)).toBe('Sam holds the belt: won at Full Gear, no defenses yet');
    expect(championText({ ...reign, defenses: 1 })).toBe('Sam holds the belt: won at Full Gear, 1 defense');
    expect(championText(null)).toBe("The belt is vacant until the league's first scored event.");
    expect(reignText({ ...reign, defenses: 2 })).toBe('Sam: won at Full Gear, 2 defenses');
  });
});
