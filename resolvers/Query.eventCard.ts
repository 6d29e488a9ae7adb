import { util, type Context } from '@aws-appsync/utils';
import { isAdmin } from './lib/caller';
import { boardScore, rankOf, type BoardHead } from './lib/entities/board';
import { toEvent } from './lib/entities/event';
import { cardMatches } from './lib/entities/match';
import type { PredictionItem } from './lib/entities/prediction';
import type { QueryEventCardArgs } from './lib/schema-types';
import type { CardStash, EventCardSource } from './lib/stash';
import { requiredId } from './lib/validate';
import { leaderboardFinal, resultsVisible, scoresVisible, visiblePrediction } from './lib/visibility';

type EventCardContext = Context<QueryEventCardArgs, CardStash>;

/**
 * The caller's prediction with the figures the board ranks it by: while BROADCAST and once SCORED,
 * points and correct picks on the head's card, and the competition rank of that score on the board
 * (so the caller's live rank never waits for a write to their own item). Without a head, as stored.
 */
function withBoardFigures(prediction: PredictionItem, head: BoardHead | null): PredictionItem {
  if (head === null) return prediction;
  const score = boardScore(head, prediction.picks);
  return { ...prediction, points: score.points, correct: score.correct, rank: rankOf(head, score.points, score.correct) };
}

/** Pipeline: getEventCard → getMyPrediction. What shows follows lib/visibility.ts. */
export function request(ctx: EventCardContext) {
  requiredId(ctx.args.eventId, 'eventId');
  return {};
}

export function response(ctx: EventCardContext): EventCardSource | null {
  const { event, myPrediction } = ctx.stash;
  if (!event) return null;
  const board = ctx.stash.board ?? null;
  const own = myPrediction && scoresVisible(event) ? withBoardFigures(myPrediction, board) : myPrediction;
  return {
    event: toEvent(event),
    matches: cardMatches(event, ctx.stash.matches, resultsVisible(event, isAdmin(ctx))),
    myPrediction: own ? visiblePrediction(own, event, true, util.time.nowEpochMilliSeconds()) : null,
    leaderboardFinal: leaderboardFinal(event),
    board,
  };
}
