/**
 * Prediction items: `USER#<userId>` / `PREDICTION#<eventDate>#<eventId>` (a player's history reads
 * them newest first). In the GSI partition `PREDICTIONS#<eventId>`: `UNSCORED#<userId>` until scored,
 * then the leaderboard's `SCORE#<points>#<correct>#<userId>`.
 */
import type { EventItem } from './event';
import { userPk } from './profile';
import { beginsWith, onIndex, onTable } from './access';
import { SCORE_PREFIX, scoreSortKey, type ItemKey } from './table';

export interface PickItem {
  matchId: string;
  team: number;
}

export interface PredictionItem {
  userId: string;
  displayName: string;
  eventId: string;
  eventName: string;
  eventDate: string;
  picks: PickItem[];
  points: number | null;
  correct: number | null;
  rank: number | null;
  updatedAt: string;
}

/**
 * Padded widths of the leaderboard sort key, with headroom over what the API allows:
 * points 5 digits (a card is at most 50 matches of at most 1,000 points), correct 3 digits (at most 50 matches).
 */
export const PREDICTION_WIDTH = { points: 5, correct: 3 } as const;

const TYPE = 'Prediction';
const SK_PREFIX = 'PREDICTION#';

const key = (userId: string, eventDate: string, eventId: string): ItemKey => ({
  PK: userPk(userId),
  SK: `${SK_PREFIX}${eventDate}#${eventId}`,
});
const gsiPk = (eventId: string) => `PREDICTIONS#${eventId}`;
const unscoredGsiSk = (userId: string) => `UNSCORED#${userId}`;
/** Leaderboard order (read descending); null when a number does not fit its width. */
const leaderboardGsiSk = (points: number, correct: number, userId: string) =>
  scoreSortKey(points, PREDICTION_WIDTH.points, correct, PREDICTION_WIDTH.correct, userId);

/** The stored attributes of an unscored prediction, without its primary key. */
function attributes(prediction: PredictionItem) {
  return {
    GSI_PK: gsiPk(prediction.eventId),
    GSI_SK: unscoredGsiSk(prediction.userId),
    type: TYPE,
    userId: prediction.userId,
    displayName: prediction.displayName,
    eventId: prediction.eventId,
    eventName: prediction.eventName,
    eventDate: prediction.eventDate,
    picks: prediction.picks,
    updatedAt: prediction.updatedAt,
  };
}

export const PREDICTION = {
  type: TYPE,
  key,
  unscoredGsiSk,
  leaderboardGsiSk,
  /** Access pattern: the event's leaderboard, the sparse SCORE# range of its GSI partition, highest first. */
  leaderboard: (eventId: string) => onIndex(gsiPk(eventId), beginsWith(SCORE_PREFIX), false),
  /** Access pattern: every prediction of the event, scored (SCORE#) and unscored (UNSCORED#). */
  all: (eventId: string) => onIndex(gsiPk(eventId), null, true),
  /** Access pattern: a player's predictions, newest event first (PREDICTION#<date>#<eventId> read descending). */
  history: (userId: string) => onTable(userPk(userId), beginsWith(SK_PREFIX), false),
  /** A new, unscored prediction. */
  record: (userId: string, displayName: string, event: Pick<EventItem, 'id' | 'name' | 'date'>, picks: PickItem[], updatedAt: string): PredictionItem => ({
    userId,
    displayName,
    eventId: event.id,
    eventName: event.name,
    eventDate: event.date,
    picks,
    points: null,
    correct: null,
    rank: null,
    updatedAt,
  }),
  attributes,
  /** The whole stored item of an unscored prediction (tests, benchmarks). */
  item: (prediction: PredictionItem) => ({ ...key(prediction.userId, prediction.eventDate, prediction.eventId), ...attributes(prediction) }),
  /**
   * The attributes a score sets: the score and its leaderboard sort key, always together; null when
   * the score does not fit the sort key's widths (refused, never mis-sorted).
   */
  scored: (userId: string, score: { points: number; correct: number; rank: number }) => {
    const sortKey = leaderboardGsiSk(score.points, score.correct, userId);
    return sortKey === null ? null : { points: score.points, correct: score.correct, rank: score.rank, GSI_SK: sortKey };
  },
};

/** A prediction item to the GraphQL Prediction. */
export function toPrediction(item: PredictionItem) {
  return {
    userId: item.userId,
    displayName: item.displayName,
    eventId: item.eventId,
    eventName: item.eventName,
    eventDate: item.eventDate,
    picks: item.picks,
    points: item.points ?? null,
    correct: item.correct ?? null,
    rank: item.rank ?? null,
    updatedAt: item.updatedAt,
  };
}
