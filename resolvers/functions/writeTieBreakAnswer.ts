import { util, type Context } from '@aws-appsync/utils';
import { stashedEvent } from '../lib/card';
import { EVENT, IF_SCORABLE, toEvent } from '@pickem/domain/entities/event';
import { asksTieBreak, rulesOf } from '@pickem/domain/rules';
import { ERROR } from '../lib/errors';
import type { MutationSetTieBreakAnswerArgs, MutationSetTieBreakAnswerResult } from '@pickem/domain/schema-types';
import type { CardStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txUpdate } from '../lib/transact';

type WriteTieBreakAnswerContext = Context<MutationSetTieBreakAnswerArgs, CardStash>;

/**
 * Sets the answer to the event's tie-break question once the show is on (BROADCAST, or SCORED for a
 * correction before scoring again). Like a result, it raises the card revision (cardRev) in the same
 * write: the answer orders the board, so a live pass built before it stands down for the pass this
 * starts (docs/scoring.md).
 */
export function request(ctx: WriteTieBreakAnswerContext) {
  const event = stashedEvent(ctx);
  if (!asksTieBreak(rulesOf(event)))
    util.error(`Event ${event.id} has no tie-break question to answer`, ERROR.validation);
  if (event.state === 'UPCOMING')
    util.error(`The tie-break answer is set once event ${event.id} is BROADCAST; it is UPCOMING`, ERROR.invalidState);
  return transaction([
    txUpdate(
      tableOf(ctx),
      EVENT.key(event.id),
      {
        expression: 'SET #answer = :answer ADD #cardRev :one',
        names: { '#answer': 'tieBreakAnswer', '#cardRev': EVENT.cardRevAttribute },
        values: { ':answer': ctx.args.answer, ':one': 1 },
      },
      IF_SCORABLE,
    ),
  ]);
}

export function response(ctx: WriteTieBreakAnswerContext): MutationSetTieBreakAnswerResult {
  const event = stashedEvent(ctx);
  raiseWriteError(ctx, [
    { message: `Event ${event.id} changed meanwhile; reload it and try again`, type: ERROR.concurrentModification },
  ]);
  return toEvent({ ...event, tieBreakAnswer: ctx.args.answer });
}
