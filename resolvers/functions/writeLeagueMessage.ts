import { util, type Context } from '@aws-appsync/utils';
import { CHAT_RATE, MESSAGE, UNREAD, type MessageItem } from '@pickem/domain/entities/chat';
import { LEAGUE, MEMBER } from '@pickem/domain/entities/league';
import { IF_NEW, IF_STORED, TABLE } from '@pickem/domain/entities/table';
import { CHAT_LIMIT } from '@pickem/domain/limits';
import { caller } from '../lib/caller';
import { chatWindow, toMessage } from '../lib/chat';
import { ERROR } from '../lib/errors';
import { REFUSAL, raise, stashedLeague } from '../lib/league';
import type { LeagueStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txCheck, txPut, txUpdate } from '../lib/transact';

type WriteMessageContext = Context<unknown, LeagueStash & { text: string; message: MessageItem }>;

const rateLimited = () => ({
  message: `You can post at most ${CHAT_LIMIT.perMinute} messages a minute in a league. Wait a moment.`,
  type: ERROR.rateLimited,
});

/**
 * A member's message: one transaction of the message, the league's messageCount raised, the caller's
 * window of posts raised below CHAT_LIMIT.perMinute, and their membership checked still there.
 */
export function request(ctx: WriteMessageContext) {
  const league = stashedLeague(ctx);
  const me = caller(ctx).sub;
  const member = ctx.stash.members.find((m) => m.userId === me);
  if (!member) return raise(REFUSAL.notMember(league, me));
  const now = util.time.nowEpochMilliSeconds();
  const message: MessageItem = {
    id: MESSAGE.newId(now, util.autoId()),
    leagueId: league.id,
    userId: me,
    displayName: member.displayName,
    text: ctx.stash.text,
    createdAt: util.time.epochMilliSecondsToISO8601(now),
    kind: 'CHAT',
    removed: false,
  };
  ctx.stash.message = message;
  const window = chatWindow();
  const table = tableOf(ctx);
  return transaction([
    txPut(table, MESSAGE.key(league.id, message.id), MESSAGE.attributes(message), IF_NEW),
    txUpdate(
      table,
      LEAGUE.key(league.id),
      {
        expression: 'SET #posted = if_not_exists(#posted, :zero) + :one',
        names: { '#posted': UNREAD.postedAttribute },
        values: { ':zero': 0, ':one': 1 },
      },
      IF_STORED,
    ),
    txUpdate(
      table,
      CHAT_RATE.key(league.id, me, window),
      {
        expression: 'SET #type = :type, #expiresAt = :expiresAt, #count = if_not_exists(#count, :zero) + :one',
        names: { '#type': 'type', '#expiresAt': TABLE.ttl, '#count': 'count' },
        values: {
          ':type': CHAT_RATE.type,
          ':expiresAt': (window + 2) * CHAT_RATE.windowSeconds,
          ':zero': 0,
          ':one': 1,
        },
      },
      {
        expression: 'attribute_not_exists(#capped) OR #capped < :cap',
        names: { '#capped': 'count' },
        values: { ':cap': CHAT_LIMIT.perMinute },
      },
    ),
    txCheck(table, MEMBER.key(league.id, me), IF_STORED),
  ]);
}

export function response(ctx: WriteMessageContext) {
  const league = stashedLeague(ctx);
  raiseWriteError(ctx, [
    null,
    { message: `There is no league ${league.id}`, type: ERROR.notFound },
    rateLimited(),
    REFUSAL.notMember(league, caller(ctx).sub),
  ]);
  return toMessage(ctx.stash.message);
}
