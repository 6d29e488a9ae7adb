/**
 * Every key format of the Pick'Em table, in one place. Used by the resolvers (APPSYNC_JS, so no
 * padStart and no throw), the scoring function, the benchmarks and the tests.
 *
 * Numeric parts of sort keys are zero-padded to a fixed width so that string order is numeric
 * order. The widths leave headroom over the limits the API enforces:
 *   event points  5 digits (max 99,999;     a card is at most 50 matches of at most 1,000 points)
 *   event correct 3 digits (max 999;        at most 50 matches)
 *   season points 8 digits (max 99,999,999; 1,000 events of 50,000 points)
 *   season correct 6 digits (max 999,999)
 *   season        4 digits (a year)
 * A value that does not fit is refused (`padded` returns null), never silently mis-sorted.
 */

export const WIDTH = {
  eventPoints: 5,
  eventCorrect: 3,
  seasonPoints: 8,
  seasonCorrect: 6,
  season: 4,
} as const;

/** The table's key attributes and its one GSI (amplify/data/table.ts builds the table from these). */
export const ATTR = { pk: 'PK', sk: 'SK', gsiPk: 'GSI_PK', gsiSk: 'GSI_SK' } as const;
export const GSI_NAME = 'GSI';

export const MAX_MATCHES_PER_CARD = 50;
export const MAX_MATCH_POINTS = 1000;

const ZEROS = '0000000000';

/** `value` as exactly `width` digits, or null if it is not a non-negative integer that fits. */
export function padded(value: number, width: number): string | null {
  if (!Number.isInteger(value) || value < 0) return null;
  const digits = `${value}`;
  if (digits.length > width) return null;
  return ZEROS.slice(0, width - digits.length) + digits;
}

export const KEY = {
  eventPk: (eventId: string) => `EVENT#${eventId}`,
  eventSk: 'EVENT',
  matchSk: (matchId: string) => `MATCH#${matchId}`,
  matchSkPrefix: 'MATCH#',
  /** GSI partition of all events; GSI_SK orders them by date. */
  eventsGsiPk: 'EVENTS',
  eventsGsiSk: (date: string, eventId: string) => `${date}#${eventId}`,

  userPk: (userId: string) => `USER#${userId}`,
  profileSk: 'PROFILE',
  predictionSk: (date: string, eventId: string) => `PREDICTION#${date}#${eventId}`,
  predictionSkPrefix: 'PREDICTION#',
  standingSk: (season: number) => `STANDING#${padded(season, WIDTH.season)}`,

  /** GSI partition of one event's predictions: unscored ones first, then the leaderboard. */
  predictionsGsiPk: (eventId: string) => `PREDICTIONS#${eventId}`,
  unscoredGsiSk: (userId: string) => `UNSCORED#${userId}`,
  scoreGsiSkPrefix: 'SCORE#',
  /** Leaderboard order (read descending): points, then correct picks, then user id. */
  leaderboardGsiSk: (points: number, correct: number, userId: string): string | null => {
    const p = padded(points, WIDTH.eventPoints);
    const c = padded(correct, WIDTH.eventCorrect);
    return p === null || c === null ? null : `SCORE#${p}#${c}#${userId}`;
  },

  standingsGsiPk: (season: number) => `STANDINGS#${padded(season, WIDTH.season)}`,
  standingsGsiSk: (points: number, correct: number, userId: string): string | null => {
    const p = padded(points, WIDTH.seasonPoints);
    const c = padded(correct, WIDTH.seasonCorrect);
    return p === null || c === null ? null : `SCORE#${p}#${c}#${userId}`;
  },
};

/** Item types, stored in each item's `type` attribute. */
export const TYPE = {
  event: 'Event',
  match: 'Match',
  profile: 'Profile',
  prediction: 'Prediction',
  standing: 'Standing',
} as const;
