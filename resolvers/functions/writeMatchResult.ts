import { util, type Context } from '@aws-appsync/utils';
import { stashedEvent, stashedMatches } from '../lib/card';
import { EVENT, IF_SCORABLE } from '@pickem/domain/entities/event';
import { MATCH, NO_WINNER_OUTCOMES, toMatch, type MatchItem } from '@pickem/domain/entities/match';
import { IF_STORED } from '@pickem/domain/entities/table';
import { ERROR } from '../lib/errors';
import type {
  MatchOutcome,
  MutationSetMatchResultArgs,
  MutationSetMatchResultResult,
} from '@pickem/domain/schema-types';
import type { CardStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txUpdate } from '../lib/transact';
import { cardMatch, validMethod, validTeamIndex } from '../lib/validate';

type WriteMatchResultContext = Context<MutationSetMatchResultArgs, CardStash & { decided: MatchItem }>;

/**
 * The result the arguments describe: a winner (WIN, the default when a winner is given), no winner
 * (DRAW, NO_CONTEST), or none at all (both null: clear). Any other combination is a ValidationError.
 */
function decidedResult(
  match: MatchItem,
  winner: number | null | undefined,
  outcome: MatchOutcome | null | undefined,
): { result: number | null; outcome: MatchOutcome | null } {
  const hasWinner = winner !== null && winner !== undefined;
  if (outcome === null || outcome === undefined) {
    return hasWinner
      ? { result: validTeamIndex(match, winner, 'winner'), outcome: 'WIN' as MatchOutcome }
      : { result: null, outcome: null };
  }
  if (outcome === 'WIN') {
    if (!hasWinner) util.error('outcome WIN needs a winner', ERROR.validation);
    return { result: validTeamIndex(match, winner, 'winner'), outcome };
  }
  if (NO_WINNER_OUTCOMES.indexOf(outcome) < 0) util.error(`Unknown outcome ${outcome}`, ERROR.validation);
  if (hasWinner) util.error(`outcome ${outcome} has no winner; got winner ${winner}`, ERROR.validation);
  return { result: null, outcome };
}

/**
 * Sets (or, with neither winner nor outcome, clears) a match's result once the event is BROADCAST or
 * SCORED; the event's state is checked again in the same transaction as the write, which also raises
 * the event's card revision (cardRev) by one: a live pass that finds a newer revision stands down.
 */
export function request(ctx: WriteMatchResultContext) {
  const event = stashedEvent(ctx);
  if (event.state === 'UPCOMING') {
    util.error(`Results can be entered once event ${event.id} is BROADCAST; it is UPCOMING`, ERROR.invalidState);
  }
  const match = cardMatch(event, stashedMatches(ctx), ctx.args.matchId);
  const decided = decidedResult(match, ctx.args.winner, ctx.args.outcome);
  const method = ctx.args.method ?? null;
  if (method !== null && decided.result === null)
    util.error('A finish (method) goes with a winner; this result has none', ERROR.validation);
  if (method !== null) validMethod(method, 'method');
  ctx.stash.decided = { ...match, ...decided, method };
  const table = tableOf(ctx);
  const names = { '#result': 'result', '#outcome': 'outcome', '#method': 'method' };
  const update =
    decided.outcome === null
      ? { expression: 'REMOVE #result, #outcome, #method', names }
      : decided.result === null
        ? {
            expression: 'SET #outcome = :outcome REMOVE #result, #method',
            names,
            values: { ':outcome': decided.outcome },
          }
        : {
            expression: 'SET #outcome = :outcome, #result = :winner, #method = :method',
            names,
            values: { ':outcome': decided.outcome, ':winner': decided.result, ':method': method },
          };
  return transaction([
    txUpdate(table, EVENT.key(event.id), EVENT.raiseCardRev, IF_SCORABLE),
    txUpdate(table, MATCH.key(event.id, match.id), update, IF_STORED),
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
