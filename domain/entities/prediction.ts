/**
 * Prediction items: `USER#<userId>` / `PREDICTION#<eventDate>#<eventId>` (a player's history reads
 * them newest day first, and orders a day's by bell itself: `historyOrderKey`); no GSI key. The event lists its predictions through entry items (entry.ts),
 * written in the same transaction; its leaderboard is a board (board.ts). The final scoring pass
 * sets points, correct picks and the event rank.
 */
import type { Award, FinishMethod } from '../schema-types';
import type { EventItem } from './event';
import { userPk } from './profile';
import { beginsWith, between, onTable } from './access';
import { padded, type ItemKey } from './table';
import { answersOf, scoresOf, storedAnswers, storedScores, type AnswerItem } from './stored-answers';

export interface PickItem {
  matchId: string;
  team: number;
  /** The finish picked (absent: none). */
  method?: FinishMethod | null;
  /** The card's joker (absent: not). */
  joker?: boolean;
}

export type { AnswerItem } from './stored-answers';

/** What an event adds to a streak (domain/streaks.ts): [matches counted, right in a row from the first, right in a row to the last, longest run]. */
export type StreakPart = [count: number, prefix: number, suffix: number, best: number];

export interface PredictionItem {
  userId: string;
  displayName: string;
  eventId: string;
  eventName: string;
  eventDate: string;
  picks: PickItem[];
  /** The guess at the event's tie-break question (absent: none). */
  tieBreak?: number | null;
  /** Its answers, stored compact (stored-answers.ts); absent: none. */
  answers?: string | null;
  points: number | null;
  correct: number | null;
  rank: number | null;
  updatedAt: string;
  /** Set by the final pass with points: what each match earned, and the perfect-card bonus. */
  scores?: { matchId: string; points: number }[] | null;
  cardBonus?: number | null;
  /** What each question earned, stored compact (stored-answers.ts). */
  questionScores?: string | null;
  /** The secret part of the share card's address (share.ts), new at each save; absent on older predictions. */
  shareToken?: string | null;
  /** Set by the final pass with points: what the prediction won in its event (domain/awards.ts). */
  awards?: Award[] | null;
  /** Set by the final pass with points: what its event adds to the player's streak (domain/streaks.ts). */
  streak?: StreakPart | null;
  /** Set by the final pass with the streak: the event's bell (startsAtMs), to fold a day's events in bell order. */
  bellMs?: number | null;
  /** Never stored: while BROADCAST, what the board says the player can still add (board.ts boardPossible). */
  possiblePoints?: number | null;
}

const TYPE = 'Prediction';
const SK_PREFIX = 'PREDICTION#';

const key = (userId: string, eventDate: string, eventId: string): ItemKey => ({
  PK: userPk(userId),
  SK: `${SK_PREFIX}${eventDate}#${eventId}`,
});
/** The stored attributes of an unscored prediction, without its primary key. */
function attributes(prediction: PredictionItem) {
  return {
    type: TYPE,
    userId: prediction.userId,
    displayName: prediction.displayName,
    eventId: prediction.eventId,
    eventName: prediction.eventName,
    eventDate: prediction.eventDate,
    picks: prediction.picks,
    tieBreak: prediction.tieBreak ?? null,
    answers: prediction.answers ?? '',
    updatedAt: prediction.updatedAt,
    ...(prediction.shareToken ? { shareToken: prediction.shareToken } : {}),
  };
}

/**
 * Its members (no comments inside the object: the resolvers' bundles keep them, and AppSync limits a
 * bundle's size):
 * - `history`: Access pattern: a player's predictions, newest event first (PREDICTION#<date>#<eventId> read
 *  descending).
 * - `historyFrom`: Access pattern: the same, from the prediction of sort key `sk` (included) on, older ones
 *  after it.
 * - `historyFromDay`: Access pattern: the same, from the first prediction of day `date` on (every sort key of
 *  the day is `PREDICTION#<date>#<eventId>`, below `PREDICTION#<date>$`: '$' follows '#').
 * - `isKeySk`: Whether `sk` is a prediction's sort key (a cursor of another player's history).
 * - `record`: A new, unscored prediction (`shareToken`: a random UUID, share.ts).
 * - `item`: The whole stored item of an unscored prediction (tests, benchmarks).
 * - `scored`: The attributes the final pass sets.
 */
export const PREDICTION = {
  type: TYPE,
  key,
  history: (userId: string) => onTable(userPk(userId), beginsWith(SK_PREFIX), false),
  historyFrom: (userId: string, sk: string) => onTable(userPk(userId), between(SK_PREFIX, sk), false),
  historyFromDay: (userId: string, date: string) =>
    onTable(userPk(userId), between(SK_PREFIX, `${SK_PREFIX}${date}$`), false),
  isKeySk: (sk: string) => sk.length > SK_PREFIX.length && sk.slice(0, SK_PREFIX.length) === SK_PREFIX,
  record: (
    userId: string,
    displayName: string,
    event: Pick<EventItem, 'id' | 'name' | 'date'>,
    picks: PickItem[],
    updatedAt: string,
    tieBreak: number | null = null,
    answers: AnswerItem[] = [],
    shareToken: string | null = null,
  ): PredictionItem => ({
    userId,
    displayName,
    eventId: event.id,
    eventName: event.name,
    eventDate: event.date,
    picks,
    tieBreak,
    answers: storedAnswers(answers),
    points: null,
    correct: null,
    rank: null,
    updatedAt,
    shareToken,
  }),
  attributes,
  item: (prediction: PredictionItem) => ({
    ...key(prediction.userId, prediction.eventDate, prediction.eventId),
    ...attributes(prediction),
  }),
  scored: (score: {
    points: number;
    correct: number;
    rank: number;
    scores?: { matchId: string; points: number }[];
    cardBonus?: number;
    questionScores?: { questionId: string; points: number }[];
  }) => ({
    points: score.points,
    correct: score.correct,
    rank: score.rank,
    scores: score.scores ?? [],
    cardBonus: score.cardBonus ?? 0,
    questionScores: storedScores(score.questionScores),
  }),
};

/** A stored pick to the GraphQL Pick. */
export const toPick = (pick: PickItem) => ({
  matchId: pick.matchId,
  team: pick.team,
  method: pick.method ?? null,
  joker: pick.joker === true,
});

/** Width of an event's bell (epoch milliseconds) in a history order key. */
const BELL_WIDTH = 15;

/**
 * A prediction's place in a player's history, as text that sorts oldest first: its event's date, then
 * its bell (`startsAtMs`; 0 when the event could not be read), then the event id. The history shows
 * the reverse: newest day first, and within a day by bell, latest first, as the events list does.
 */
export function historyOrderKey(eventDate: string, startsAtMs: number, eventId: string): string {
  return `${eventDate}#${padded(startsAtMs, BELL_WIDTH) ?? padded(0, BELL_WIDTH)}#${eventId}`;
}

/** A prediction item to the GraphQL Prediction (live figures: what the board or the league table computed). */
export function toPrediction(item: PredictionItem) {
  return {
    userId: item.userId,
    displayName: item.displayName,
    eventId: item.eventId,
    eventName: item.eventName,
    eventDate: item.eventDate,
    picks: item.picks.map(toPick),
    points: item.points ?? null,
    correct: item.correct ?? null,
    rank: item.rank ?? null,
    updatedAt: item.updatedAt,
    tieBreak: item.tieBreak ?? null,
    scores: item.scores ?? [],
    cardBonus: item.cardBonus ?? 0,
    possiblePoints: item.possiblePoints ?? null,
    answers: answersOf(item.answers),
    questionScores: scoresOf(item.questionScores),
    awards: item.awards ?? [],
  };
}
