import { describe, expect, it } from 'vitest';
import { countdown } from '../../app/src/hooks.ts';

describe("the card's countdown to the bell", () => {
  it('shows the card open until the bell itself, never locked early', () => {
    const bell = Date.parse('2027-04-18T23:00:00.000Z');
    expect(countdown(bell, bell - 1)).toBe('00:00:01');
    expect(countdown(bell, bell - 999)).toBe('00:00:01');
    expect(countdown(bell, bell - 1000)).toBe('00:00:01');
    expect(countdown(bell, bell - 1001)).toBe('00:00:02');
    expect(countdown(bell, bell)).toBeNull();
    expect(countdown(bell, bell + 1)).toBeNull();
  });

  it('counts days, hours, minutes and seconds', () => {
    expect(countdown(2 * 86_400_000 + 3_723_000, 0)).toBe('2d 01:02:03');
  });
});
