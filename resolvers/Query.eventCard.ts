import { util, type Context } from '@aws-appsync/utils';
import { isAdmin } from './lib/caller';
import { boardFigures } from './lib/board-page';
import { toEvent } from '@pickem/domain/entities/event';
import { cardMatches } from '@pickem/domain/entities/match';
import { cardQuestions } from '@pickem/domain/entities/question';
import type { QueryEventCardArgs } from '@pickem/domain/schema-types';
import type { CardStash, EventCardSource } from './lib/stash';
import { requiredId } from './lib/validate';
import { shareUrlOf } from './lib/share';
import { leaderboardFinal, resultsVisible, scoresVisible, visiblePrediction } from '@pickem/domain/visibility';

type EventCardContext = Context<QueryEventCardArgs, CardStash>;

/**
 * Pipeline: getEventCard → getMyPrediction. What shows follows domain/visibility.ts. While BROADCAST and
 * once SCORED, myPrediction's points, correct picks and rank are the board's (boardFigures: my picks on
 * the head's card, that score's rank in its counts); before the first pass, as stored.
 */
export function request(ctx: EventCardContext) {
  requiredId(ctx.args.eventId, 'eventId');
  return {};
}

export function response(ctx: EventCardContext): EventCardSource | null {
  const { event, myPrediction } = ctx.stash;
  if (!event) return null;
  const board = ctx.stash.board ?? null;
  const own = myPrediction && scoresVisible(event) ? boardFigures(myPrediction, board) : myPrediction;
  return {
    event: toEvent(event),
    matches: cardMatches(event, ctx.stash.matches, resultsVisible(event, isAdmin(ctx)), ctx.stash.picked ?? null),
    questions: cardQuestions(
      ctx.stash.questions ?? [],
      resultsVisible(event, isAdmin(ctx)),
      ctx.stash.optionPicks ?? null,
    ),
    myPrediction: own
      ? {
          ...visiblePrediction(own, event, true, util.time.nowEpochMilliSeconds()),
          shareUrl: shareUrlOf(ctx, own, event),
        }
      : null,
    leaderboardFinal: leaderboardFinal(event),
    board,
  };
}
