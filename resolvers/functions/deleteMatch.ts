import { util, type Context } from '@aws-appsync/utils';
import {
  cardChangedMeanwhile,
  eventConditionError,
  requireCardOpen,
  requireRoomForChange,
  stashedEvent,
  stashedMatches,
} from '../lib/card';
import { EVENT, IF_UPCOMING } from '@pickem/domain/entities/event';
import { MATCH, toMatch, type MatchItem } from '@pickem/domain/entities/match';
import { IF_STORED, both } from '@pickem/domain/entities/table';
import { ERROR } from '../lib/errors';
import type { MutationRemoveMatchArgs, MutationRemoveMatchResult } from '@pickem/domain/schema-types';
import type { CardStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txDelete, txUpdate } from '../lib/transact';
import { cardMatch } from '../lib/validate';
import { removal } from '@pickem/domain/card-changes';

type DeleteMatchContext = Context<
  MutationRemoveMatchArgs,
  CardStash & { removed: { match: MatchItem; position: number } }
>;

/**
 * Removes a match from an UPCOMING card: deletes the match item and its entry in matchOrder in one
 * transaction, conditional on that entry still being the match (so a concurrent reorder cannot make
 * it remove another one). The removal is stamped on the event (card-changes.ts) in the same update.
 */
export function request(ctx: DeleteMatchContext) {
  const event = stashedEvent(ctx);
  requireCardOpen(event);
  const match = cardMatch(event, stashedMatches(ctx), ctx.args.matchId);
  const index = event.matchOrder.indexOf(match.id);
  ctx.stash.removed = { match, position: index + 1 };
  const table = tableOf(ctx);
  requireRoomForChange(event);
  const now = util.time.epochMilliSecondsToISO8601(util.time.nowEpochMilliSeconds());
  const note = EVENT.noteCardChange(removal(match.id, index + 1, now, match.teams));
  return transaction([
    txUpdate(
      table,
      EVENT.key(event.id),
      {
        expression: `${note.expression} REMOVE #order[${index}]`,
        names: { ...note.names, '#order': 'matchOrder' },
        values: note.values,
      },
      both(IF_UPCOMING, {
        expression: `#orderNow[${index}] = :id`,
        names: { '#orderNow': 'matchOrder' },
        values: { ':id': match.id },
      }),
    ),
    txDelete(table, MATCH.key(event.id, match.id), IF_STORED),
  ]);
}

export function response(ctx: DeleteMatchContext): MutationRemoveMatchResult {
  const event = stashedEvent(ctx);
  raiseWriteError(ctx, [
    eventConditionError(ctx, event, cardChangedMeanwhile(event)),
    { message: `Match ${ctx.args.matchId} was removed meanwhile`, type: ERROR.notFound },
  ]);
  const { removed } = ctx.stash;
  return toMatch(removed.match, removed.position, true);
}
