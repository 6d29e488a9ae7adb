import { describe, expect, it } from 'vitest';
import { lockWarning } from '@pickem/client/lock-warning';

const now = Date.parse('2026-11-26T20:00:00Z');
const event = (minutes: number, state = 'UPCOMING', matchCount = 4) => ({
  state,
  matchCount,
  startsAt: new Date(now + minutes * 60_000).toISOString(),
});

describe('lockWarning', () => {
  it('counts the minutes to the bell and the matches left to pick', () => {
    expect(lockWarning(event(42), 1, now)).toBe('Locks in 42 min, 3 matches unpicked');
    expect(lockWarning(event(185), 3, now)).toBe('Locks in 3 h 5 min, 1 match unpicked');
    expect(lockWarning(event(120), 0, now)).toBe('Locks in 2 h, 4 matches unpicked');
    expect(lockWarning(event(0.5), 0, now)).toBe('Locks in 1 min, 4 matches unpicked');
  });

  it('says nothing for a complete card, a bell more than a day away or rung, or an event on the air', () => {
    expect(lockWarning(event(42), 4, now)).toBeNull();
    expect(lockWarning(event(24 * 60 + 1), 0, now)).toBeNull();
    expect(lockWarning(event(-1), 0, now)).toBeNull();
    expect(lockWarning(event(42, 'BROADCAST'), 0, now)).toBeNull();
    expect(lockWarning(event(42, 'UPCOMING', 0), 0, now)).toBeNull();
  });
});
