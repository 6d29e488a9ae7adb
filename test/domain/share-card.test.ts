/** What a share card shows (amplify/functions/share-card/card.ts, svg.ts) and its address (domain/entities/share.ts). */
import { describe, expect, it } from 'vitest';
import { SHARE } from '@pickem/domain/entities/share';
import type { MatchItem } from '@pickem/domain/entities/match';
import type { BoardMatch } from '@pickem/domain/entities/board';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import { percent, shareCard } from '../../amplify/functions/share-card/card.ts';
import { cardSvg, fit, xmlEscape } from '../../amplify/functions/share-card/svg.ts';

const match = (id: string, result: number | null, names: string[]): MatchItem => ({
  id,
  eventId: 'e',
  name: `Match ${id}`,
  points: 10,
  preshow: false,
  championships: [],
  teams: names.map((name) => ({ name, members: [], champion: false })),
  result,
  outcome: result === null ? null : 'WIN',
});

describe('a share card', () => {
  const matches = [
    match('a', 0, ['Ace', 'Bo']),
    match('b', 1, ['Cy', 'Di']),
    match('c', 0, ['Ed', 'Fay']),
    match('d', 1, ['Gus', 'Hal']),
    match('e', null, ['Ida', 'Jo']),
  ];
  // Picks at the bell of each match's teams: the share of a correct pick is its team's count over all.
  const card: BoardMatch[] = [
    ['a', 10, 0, null, false, [], true, [9, 1]],
    ['b', 10, 1, null, false, [], true, [5, 5]],
    ['c', 10, 0, null, false, [], true, [1, 9]],
    ['d', 10, 1, null, false, [], true, [7, 3]],
    ['e', 10, null, null, false, [], false, [2, 8]],
  ];
  const picks = ['a', 'b', 'c', 'd', 'e'].map((matchId, i) => ({ matchId, team: i === 0 ? 1 : [0, 1, 0, 1, 0][i] }));
  const scored = {
    ...PREDICTION.record('u', 'Tom', { id: 'e', name: 'Full Gear', date: '2026-11-22' }, picks, 'now'),
    points: 30,
    correct: 3,
    rank: 2,
  };

  it('lists the correct picks the fewest players made, boldest first, at most three', () => {
    const shown = shareCard({ name: 'Full Gear', date: '2026-11-22' }, matches, { card, rowCount: 10 }, scored)!;
    expect(shown.bestCalls).toEqual([
      { pick: 'Ed', match: 'Match c', share: 0.1 },
      { pick: 'Hal', match: 'Match d', share: 0.3 },
      { pick: 'Di', match: 'Match b', share: 0.5 },
    ]);
    expect([shown.rank, shown.players, shown.points, shown.correct]).toEqual([2, 10, 30, 3]);
  });

  it('has none before the final pass', () => {
    expect(shareCard({ name: 'x', date: 'y' }, matches, null, { ...scored, points: null })).toBeNull();
  });

  it('escapes and cuts text for the SVG', () => {
    expect(xmlEscape(`<a b="c" d='e'>&\u0000`)).toBe('&lt;a b=&quot;c&quot; d=&apos;e&apos;&gt;&amp;');
    expect(fit('abcdef', 4)).toBe('abc…');
    const svg = cardSvg({
      ...shareCard({ name: '<script>', date: 'd' }, matches, null, scored)!,
      displayName: '</text>',
    });
    expect(svg).not.toMatch(/<script|<\/text><\/text>/);
    expect(percent(0.004)).toBe('under 1%');
  });
});

describe('a share address', () => {
  it('round-trips, and refuses ids that cannot stand in it', () => {
    const ref = { eventId: '2026-11-22-full-gear', userId: 'u-1', token: 't' };
    expect(SHARE.pageUrl('https://x/', ref)).toBe('https://x/2026-11-22-full-gear/u-1/t');
    expect(SHARE.parsePath('/2026-11-22-full-gear/u-1/t')).toEqual({ ...ref, image: false });
    expect(SHARE.parsePath('/2026-11-22-full-gear/u-1/t/card.png')).toEqual({ ...ref, image: true });
    expect(SHARE.pageUrl('https://x/', { ...ref, userId: 'a/b' })).toBeNull();
    expect(SHARE.pageUrl('', ref)).toBeNull();
    for (const bad of ['/a/b', '/a/b/c/d', '/a/../c', '/a/b%20/c', '/a/b/c/card.png/x'])
      expect(SHARE.parsePath(bad)).toBeNull();
  });
});
