/**
 * The caller's own figures on an event's card, read again after each LEADERBOARD update: the update
 * carries the top 20, and a player further down finds their rank here (and every match's pick shares,
 * counted by the first pass after the bell, from the same head; each question's answer, set live, its
 * option shares and what the player's answers earned) (2 requests: the card's Query with
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
  questionScores: { __typename: 'QuestionScore'; questionId: string; points: number }[];
}

type QuestionFigures = Pick<Card['questions'][number], '__typename' | 'id' | 'answer' | 'optionShares'>;

export type FiguresAnswer = {
  __typename: 'EventCard';
  matches: { __typename: 'Match'; id: string; pickShares: number[] | null }[];
  questions: QuestionFigures[];
  myPrediction: MyFigures | null;
} | null;

export const myEventFigures = /* GraphQL */ `
query MyEventFigures($eventId: ID!) {
  eventCard(eventId: $eventId) {
    __typename
    matches { __typename id pickShares }
    questions { __typename id answer { __typename options number void } optionShares }
    myPrediction {
      __typename userId points correct rank scores { __typename matchId points } cardBonus possiblePoints
      questionScores { __typename questionId points }
    }
  }
}
` as Typed<{ eventId: string }, { eventCard: FiguresAnswer }>;

/** The card with the player's figures, the pick and option shares and the questions' answers just read merged in. */
export function withMyFigures(card: Card, figures: FiguresAnswer): Card {
  const shares = new Map((figures?.matches ?? []).map((m) => [m.id, m.pickShares]));
  const mine = figures?.myPrediction;
  return {
    ...card,
    matches: card.matches.map((m) => ({ ...m, pickShares: shares.get(m.id) ?? m.pickShares })),
    questions: card.questions.map((q) => {
      const read = (figures?.questions ?? []).find((x) => x.id === q.id);
      return read ? { ...q, answer: read.answer, optionShares: read.optionShares ?? q.optionShares } : q;
    }),
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
            questionScores: mine.questionScores,
          }
        : card.myPrediction,
  };
}
