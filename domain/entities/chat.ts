/**
 * A league's chat: a partition of its own, `CHAT#<leagueId>`, one item a message (`MSG#<id>`, the id
 * starting with the post's epoch milliseconds, so key order is time order), read newest first in one
 * Query a page. Not in the league's partition: getLeague's Query of the league and its members stays
 * bounded.
 *
 * Unread counts ride on items myLeagues and league already read: the league item's `messageCount`
 * (raised by every post, in the post's transaction) less the reader's `readCount`, kept on both their
 * member item and their membership item by markLeagueRead.
 *
 * The rate limit is a fixed window per player, league and minute: `CHAT_RATE#<leagueId>#<userId>` /
 * `WINDOW#<minute>` with `count`, raised in the post's transaction on the condition that it is below
 * CHAT_LIMIT.perMinute, so a refused post writes nothing.
 */
import type { ItemKey } from './table';
import { onTable } from './access';

export type MessageKindName = 'CHAT' | 'SYSTEM';

export interface MessageItem {
  id: string;
  leagueId: string;
  userId: string;
  displayName: string;
  text: string;
  createdAt: string;
  kind: MessageKindName;
  removed: boolean;
}

const chatPk = (leagueId: string) => `CHAT#${leagueId}`;
const MESSAGE_TYPE = 'LeagueMessage';

export const MESSAGE = {
  type: MESSAGE_TYPE,
  /** A new message's id: the post's epoch milliseconds (13 digits until the year 2286), then a random part. */
  newId: (epochMs: number, random: string) => `${epochMs}-${random}`,
  key: (leagueId: string, messageId: string): ItemKey => ({ PK: chatPk(leagueId), SK: `MSG#${messageId}` }),
  attributes: (message: MessageItem) => ({ type: MESSAGE_TYPE, ...message }),
  /** Access pattern: a league's messages, newest first (paged). */
  ofLeague: (leagueId: string) => onTable(chatPk(leagueId), null, false),
};

/** The counters of unread messages: on the league item, and on the reader's member and membership items. */
export const UNREAD = {
  postedAttribute: 'messageCount',
  readAttribute: 'readCount',
  /** Messages posted since the reader's last markLeagueRead (never below 0). */
  of: (posted: number | null | undefined, read: number | null | undefined) => Math.max(0, (posted ?? 0) - (read ?? 0)),
};

export const CHAT_RATE = {
  type: 'ChatRate',
  windowSeconds: 60,
  key: (leagueId: string, userId: string, window: number): ItemKey => ({
    PK: `CHAT_RATE#${leagueId}#${userId}`,
    SK: `WINDOW#${window}`,
  }),
};
