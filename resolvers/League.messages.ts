import type { Context } from '@aws-appsync/utils';
import { MESSAGE, type MessageItem } from '@pickem/domain/entities/chat';
import type { LeagueMessagesArgs, LeagueMessagesResult } from '@pickem/domain/schema-types';
import { raiseDataSourceError } from './lib/errors';
import { requireViewer, type LeagueSource } from './lib/league';
import { listPage, type QueryPage } from './lib/query';
import { toMessage } from './lib/chat';

type MessagesContext = Context<LeagueMessagesArgs, object, LeagueSource, undefined, QueryPage<MessageItem>>;

/** A page of the league's chat, newest first: one Query of its chat partition (members and admins). */
export function request(ctx: MessagesContext) {
  const league = requireViewer(ctx.source);
  return listPage(MESSAGE.ofLeague(league.id), ctx.args);
}

export function response(ctx: MessagesContext): LeagueMessagesResult {
  raiseDataSourceError(ctx.error);
  return { items: ctx.result.items.map(toMessage), nextToken: ctx.result.nextToken ?? null };
}
