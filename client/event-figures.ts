/**
 * The caller's own figures on an event's card, read again after each LEADERBOARD update: the update
 * carries the top 20, and a player further down finds their rank here (and every match's pick shares,
 * counted by the first pass after the bell, from the same head) (2 requests: the card's Query with
 * the board's head, and the prediction).
 */
import type { Card } from './card.ts';
import type { Typed } from './documents.ts';

export interface MyFigures {
  __typename: 'Prediction';
  userId: string;
  points: number | null;
  correct: number | null;
  rank: number | null;
  scores: { __typename: 'PickScore'; matchId: string; points: number }[];
  cardBonus: number;
  possiblePoints: number | null;
}

export type FiguresAnswer = {
  __typename: 'EventCard';
  matches: { __typename: 'Match'; id: string; pickShares: number[] | null }[];
  myPrediction: MyFigures | null;
} | null;

export const myEventFigures = /* GraphQL */ `
query MyEventFigures($eventId: ID!) {
  eventCard(eventId: $eventId) {
    __typename
    matches { __typename id pickShares }
    myPrediction { __typename userId points correct rank scores { __typename matchId points } cardBonus possiblePoints }
  }
}
` as Typed<{ eventId: string }, { eventCard: FiguresAnswer }>;

/** The card with the player's figures and the pick shares just read merged in. */
export function withMyFigures(card: Card, figures: FiguresAnswer): Card {
  const shares = new Map((figures?.matches ?? []).map((m) => [m.id, m.pickShares]));
  const mine = figures?.myPrediction;
  return {
    ...card,
    matches: card.matches.map((m) => ({ ...m, pickShares: shares.get(m.id) ?? m.pickShares })),
    myPrediction:
      mine && card.myPrediction
        ? {
            ...card.myPrediction,
            points: mine.points,
            correct: mine.correct,
            rank: mine.rank,
            scores: mine.scores,
            cardBonus: mine.cardBonus,
            possiblePoints: mine.possiblePoints,
          }
        : card.myPrediction,
  };
}
