import { util, type Context } from '@aws-appsync/utils';
import { MESSAGE, type MessageItem } from '@pickem/domain/entities/chat';
import type { MutationDeleteLeagueMessageArgs } from '@pickem/domain/schema-types';
import { IF_STORED, type Expression } from '@pickem/domain/entities/table';
import { caller } from '../lib/caller';
import { toMessage } from '../lib/chat';
import { ERROR } from '../lib/errors';
import { REFUSAL, raise, stashedLeague } from '../lib/league';
import type { LeagueStash } from '../lib/stash';
import { raiseWriteError, typed } from '../lib/transact';

type RemovalContext = Context<MutationDeleteLeagueMessageArgs, LeagueStash, undefined, undefined, MessageItem>;

/**
 * A message's text gone and the message marked removed (one UpdateItem), by a member who is its
 * author (the condition) or the league's commissioner.
 */
export function request(ctx: RemovalContext) {
  const league = stashedLeague(ctx);
  const me = caller(ctx).sub;
  if (!ctx.stash.members.some((m) => m.userId === me)) raise(REFUSAL.notMember(league, me));
  const mine: Expression = {
    expression: `${IF_STORED.expression} AND #author = :me`,
    names: { '#author': 'userId' },
    values: { ':me': me },
  };
  return {
    operation: 'UpdateItem',
    key: util.dynamodb.toMapValues(MESSAGE.key(league.id, ctx.args.messageId)),
    update: typed({
      expression: 'SET #text = :empty, #removed = :yes',
      names: { '#text': 'text', '#removed': 'removed' },
      values: { ':empty': '', ':yes': true },
    }),
    condition: typed(league.commissionerId === me ? IF_STORED : mine),
  };
}

export function response(ctx: RemovalContext) {
  raiseWriteError(ctx, [
    {
      message: `There is no message ${ctx.args.messageId} you may delete in league ${ctx.stash.leagueId} (its author or the commissioner may)`,
      type: ERROR.notFound,
    },
  ]);
  return toMessage(ctx.result);
}
