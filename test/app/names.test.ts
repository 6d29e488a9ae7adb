import { describe, expect, it } from 'vitest';
import { shownName } from '../../app/src/hooks.ts';

describe("a member's name as the league screens show it", () => {
  const id = '3f2b9c1e-7d4a-4c2b-9e8f-0a1b2c3d4e5f';
  it('is the display name when the member has one', () => {
    expect(shownName('Mercedes Moné', id)).toBe('Mercedes Moné');
    expect(shownName('Player 3f2b9c1e', id)).toBe('Player 3f2b9c1e');
  });
  it('is "Player" and the id\'s first characters when the name is only an id', () => {
    expect(shownName(id, id)).toBe('Player 3f2b9c1e');
    expect(shownName('a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d', id)).toBe('Player 3f2b9c1e');
  });
});
