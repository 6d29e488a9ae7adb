/**
 * The demo's named seasons and leagues. Seasons are created before any event goes live (a window
 * cannot move over a live event); each league is created by its first player and joined by the
 * others with its invite code, through the API's own mutations.
 */

const DAY = 24 * 3600_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Named seasons: one over the 2024 cards, one around today's live event. */
export function demoSeasons(now = Date.now()) {
  return [
    { name: 'Road to All In 2024', startDate: '2024-03-01', endDate: '2024-08-31' },
    { name: 'Autumn Rumble', startDate: isoDate(now - 20 * DAY), endDate: isoDate(now + 70 * DAY) },
  ];
}

/**
 * Leagues by season (a named season by its index in demoSeasons, or the current calendar year) and
 * members (player indexes, the commissioner first). Tag Team Titans watch the live event.
 */
export const demoLeagues: { name: string; season: number | 'year'; members: number[] }[] = [
  { name: 'Tag Team Titans', season: 1, members: [0, 1, 2, 3, 4, 5] },
  { name: 'All In Crew', season: 0, members: [0, 6, 7, 8, 9, 10, 11] },
  { name: 'Chaos Club', season: 'year', members: [12, 13, 14, 15, 16, 17, 18, 19] },
];
