/**
 * The caller's own figures on an event's card, read again after each LEADERBOARD update: the update
 * carries the top 20, and a player further down finds their rank here (and every match's pick shares,
 * counted by the first pass after the bell, from the same head) (2 requests: the card's Query with
 * the board's head, and the prediction).
 */
import type { Match } from '@pickem/client/card';
import type { Typed } from '../api.ts';

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

export const myEventFigures = /* GraphQL */ `
query MyEventFigures($eventId: ID!) {
  eventCard(eventId: $eventId) {
    __typename
    matches { __typename id pickShares }
    myPrediction { __typename userId points correct rank scores { __typename matchId points } cardBonus possiblePoints }
  }
}
` as Typed<
  { eventId: string },
  {
    eventCard: {
      __typename: 'EventCard';
      matches: { __typename: 'Match'; id: string; pickShares: number[] | null }[];
      myPrediction: MyFigures | null;
    } | null;
  }
>;

/** A card's matches alone (teams and results): what a history row needs to name a player's picks. */
export type CardMatch = Pick<Match, '__typename' | 'id' | 'position' | 'teams' | 'result' | 'outcome'>;

export const cardMatches = /* GraphQL */ `
query CardMatches($eventId: ID!) {
  eventCard(eventId: $eventId) {
    __typename
    matches { __typename id position result outcome teams { __typename name members champion } }
  }
}
` as Typed<{ eventId: string }, { eventCard: { __typename: 'EventCard'; matches: CardMatch[] } | null }>;
