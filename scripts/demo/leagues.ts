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
 * members (player indexes, the commissioner first). Tag Team Titans watch the live event. The load
 * joins the leagues side by side, so a player joins one of them at most (a commissioner may hold several).
 */
export const demoLeagues: { name: string; season: number | 'year'; members: number[] }[] = [
  { name: 'Tag Team Titans', season: 1, members: [0, 1, 2, 3, 4, 5] },
  { name: 'All In Crew', season: 0, members: [0, 6, 7, 8, 9, 10, 11] },
  { name: 'Chaos Club', season: 'year', members: [12, 13, 14, 15, 16, 17, 18, 19] },
];

/**
 * A chat history, posted once the season is played (after the final passes' SYSTEM messages): a
 * league by its index in demoLeagues, who posts (a player index) and what.
 */
export const demoChat: { league: number; player: number; text: string }[] = [
  { league: 1, player: 6, text: 'Called the Casino Gauntlet. Nobody believed me.' },
  { league: 1, player: 0, text: 'The belt is coming back to me at All Out.' },
  { league: 1, player: 8, text: 'Bold words from someone who picked against Swerve.' },
  { league: 1, player: 10, text: 'Who is doing the watch party next time?' },
  { league: 0, player: 1, text: 'Picks are in. Joker on the main event, obviously.' },
  { league: 0, player: 4, text: 'Obviously. Good luck everyone!' },
  { league: 2, player: 12, text: 'Welcome to the Chaos Club. Trash talk encouraged.' },
];
