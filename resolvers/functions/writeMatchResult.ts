import { util, type Context } from '@aws-appsync/utils';
import { stashedEvent, stashedMatches } from '../lib/card';
import { EVENT } from '../lib/entities/event';
import { MATCH, toMatch, type MatchItem } from '../lib/entities/match';
import { TABLE } from '../lib/entities/table';
import { ERROR } from '../lib/errors';
import type { MutationSetMatchResultArgs, MutationSetMatchResultResult } from '../lib/schema-types';
import type { CardStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txCheck, txUpdate } from '../lib/transact';
import { cardMatch, validTeamIndex } from '../lib/validate';

type WriteMatchResultContext = Context<MutationSetMatchResultArgs, CardStash & { decided: MatchItem }>;

/**
 * Sets (or, with a null winner, clears) a match's result once the event is BROADCAST or SCORED;
 * the event's state is checked again in the same transaction as the write.
 */
export function request(ctx: WriteMatchResultContext) {
  const event = stashedEvent(ctx);
  if (event.state === 'UPCOMING') {
    util.error(`Results can be entered once event ${event.id} is BROADCAST; it is UPCOMING`, ERROR.invalidState);
  }
  const match = cardMatch(event, stashedMatches(ctx), ctx.args.matchId);
  const winner = ctx.args.winner === null || ctx.args.winner === undefined ? null : validTeamIndex(match, ctx.args.winner, 'winner');
  ctx.stash.decided = { ...match, result: winner };
  const table = tableOf(ctx);
  const update =
    winner === null
      ? { expression: 'REMOVE #result', names: { '#result': 'result' } }
      : { expression: 'SET #result = :winner', names: { '#result': 'result' }, values: { ':winner': winner } };
  return transaction([
    txCheck(table, EVENT.key(event.id), {
      expression: '#state IN (:broadcast, :scored)',
      names: { '#state': 'state' },
      values: { ':broadcast': 'BROADCAST', ':scored': 'SCORED' },
    }),
    txUpdate(table, MATCH.key(event.id, match.id), update, { expression: `attribute_exists(${TABLE.pk})` }),
  ]);
}

export function response(ctx: WriteMatchResultContext): MutationSetMatchResultResult {
  const event = stashedEvent(ctx);
  raiseWriteError(ctx, [
    { message: `Event ${event.id} changed meanwhile; reload it and try again`, type: ERROR.concurrentModification },
    { message: `Match ${ctx.args.matchId} was removed meanwhile`, type: ERROR.notFound },
  ]);
  const match = ctx.stash.decided;
  return toMatch(match, event.matchOrder.indexOf(match.id) + 1, true);
}
