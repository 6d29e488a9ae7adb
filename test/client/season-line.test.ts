/** The season as a line (issue 41): running totals in date order, only the season's scored events, and its words. */
import { describe, expect, it } from 'vitest';
import { seasonLine, seasonLineText } from '../../client/season-line.ts';

const h = (eventId: string, eventDate: string, points: number | null, rank: number | null = null) => ({
  eventId,
  eventName: `Show ${eventId}`,
  eventDate,
  points,
  rank,
});

describe("a player's season line", () => {
  const history = [
    h('c', '2026-03-01', 20, 1),
    h('a', '2026-01-10', 10, 4),
    h('x', '2025-12-31', 99, 1), // the season before
    h('later', '2026-03-08', null), // not scored yet
    { ...h('live', '2026-03-09', 30, 1), possiblePoints: 20 }, // live: provisional, not counted by the standings yet
    h('b', '2026-02-01', 0, 9),
  ];

  it('keeps the season’s scored events, oldest first, with the running total; not a live one', () => {
    expect(seasonLine(history, { startDate: '2026-01-01', endDate: '2026-12-31' })).toEqual([
      { eventId: 'a', eventName: 'Show a', eventDate: '2026-01-10', points: 10, rank: 4, total: 10 },
      { eventId: 'b', eventName: 'Show b', eventDate: '2026-02-01', points: 0, rank: 9, total: 10 },
      { eventId: 'c', eventName: 'Show c', eventDate: '2026-03-01', points: 20, rank: 1, total: 30 },
    ]);
  });

  it('an open-ended season takes every later event', () => {
    expect(seasonLine(history, { startDate: '2026-02-15' }).map((s) => s.eventId)).toEqual(['c']);
  });

  it('says the same in words', () => {
    const steps = seasonLine(history, { startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(seasonLineText(steps, '2026')).toBe(
      '2026, event by event. Show a: 10 points, rank 4, 10 in all; Show b: 0 points, rank 9, 10 in all; Show c: 20 points, rank 1, 30 in all.',
    );
    expect(seasonLineText([], '2026')).toBe('No scored events in 2026 yet.');
  });
});
