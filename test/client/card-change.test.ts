import { describe, expect, it } from 'vitest';
import { cardChangeNotice, untouchedPicks } from '../../client/card-change.ts';

const replaced = {
  matchId: 'm2',
  position: 3,
  at: '2030-06-01T10:00:00.000Z',
  removed: false,
  sides: [0],
  before: ['Seth'],
  after: ['Cody'],
};
const pulled = { ...replaced, matchId: 'm3', position: 4, removed: true, sides: [0, 1], before: ['A', 'B'], after: [] };
const saved = (updatedAt: string, picks: { matchId: string; team: number }[]) => ({ updatedAt, picks });

describe('the late card change notice', () => {
  it('words a replaced wrestler and a pulled match for the player whose pick they touched', () => {
    const mine = saved('2030-06-01T09:00:00.000Z', [
      { matchId: 'm2', team: 0 },
      { matchId: 'm3', team: 1 },
    ]);
    expect(cardChangeNotice([replaced, pulled], mine)).toEqual([
      'The card changed: Cody replaced Seth in match 3; your pick was cleared, pick again.',
      'The card changed: match 4 (A vs B) was pulled; your pick on it no longer counts.',
    ]);
  });

  it('says nothing to a pick on the other side, or once saved after the change', () => {
    expect(cardChangeNotice([replaced], saved('2030-06-01T09:00:00.000Z', [{ matchId: 'm2', team: 1 }]))).toEqual([]);
    expect(cardChangeNotice([replaced], saved('2030-06-01T11:00:00.000Z', [{ matchId: 'm2', team: 0 }]))).toEqual([]);
    expect(cardChangeNotice([replaced], null)).toEqual([]);
  });

  it('clears the touched picks from the form and keeps the rest', () => {
    const mine = saved('2030-06-01T09:00:00.000Z', [
      { matchId: 'm1', team: 0 },
      { matchId: 'm2', team: 0 },
    ]);
    expect(untouchedPicks([replaced], mine)).toEqual([{ matchId: 'm1', team: 0 }]);
  });
});
