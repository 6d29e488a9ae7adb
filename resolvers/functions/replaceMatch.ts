import { util, type Context } from '@aws-appsync/utils';
import { eventConditionError, requireCardOpen, requireRoomForChange, stashedEvent, stashedMatches } from '../lib/card';
import { EVENT, IF_UPCOMING } from '@pickem/domain/entities/event';
import { MATCH, toMatch, type MatchItem } from '@pickem/domain/entities/match';
import { IF_STORED, both } from '@pickem/domain/entities/table';
import { ERROR } from '../lib/errors';
import type { MutationUpdateMatchArgs, MutationUpdateMatchResult } from '@pickem/domain/schema-types';
import type { CardStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txCheck, txPut, txUpdate } from '../lib/transact';
import { replacement } from '@pickem/domain/card-changes';
import { cardMatch } from '../lib/validate';

type ReplaceMatchContext = Context<MutationUpdateMatchArgs, CardStash & { replaced: MatchItem }>;

/**
 * Replaces a match of an UPCOMING card with the stashed fields (its id and card position stay).
 * The event must still be UPCOMING with the match on its card when the write lands. A side whose
 * wrestlers changed is stamped on the event (card-changes.ts) in the same transaction.
 */
export function request(ctx: ReplaceMatchContext) {
  const event = stashedEvent(ctx);
  requireCardOpen(event);
  const existing = cardMatch(event, stashedMatches(ctx), ctx.args.matchId);
  const match = MATCH.record(event.id, existing.id, ctx.stash.match);
  ctx.stash.replaced = match;
  const table = tableOf(ctx);
  const onCard = both(IF_UPCOMING, {
    expression: 'contains(#order, :id)',
    names: { '#order': 'matchOrder' },
    values: { ':id': match.id },
  });
  const now = util.time.epochMilliSecondsToISO8601(util.time.nowEpochMilliSeconds());
  const position = event.matchOrder.indexOf(match.id) + 1;
  const change = replacement(match.id, position, now, existing.teams, match.teams);
  if (change) requireRoomForChange(event);
  return transaction([
    change
      ? txUpdate(table, EVENT.key(event.id), EVENT.noteCardChange(change), onCard)
      : txCheck(table, EVENT.key(event.id), onCard),
    txPut(table, MATCH.key(event.id, match.id), MATCH.attributes(match), IF_STORED),
  ]);
}

export function response(ctx: ReplaceMatchContext): MutationUpdateMatchResult {
  const event = stashedEvent(ctx);
  const removed = { message: `Match ${ctx.args.matchId} was removed meanwhile`, type: ERROR.notFound };
  raiseWriteError(ctx, [eventConditionError(ctx, event, removed), removed]);
  const match = ctx.stash.replaced;
  return toMatch(match, event.matchOrder.indexOf(match.id) + 1, true);
}
