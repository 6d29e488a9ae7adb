/**
 * A league's chat as both apps show it (issue 43), pure: the messages kept newest first, merged from
 * pages and live deliveries (one per id, the latest state of each: a removal replaces the message),
 * what a removed message reads, who may delete what, and the post box's check before it asks.
 */
import type { OnLeagueMessageSubscription } from './graphql/types.ts';
import { CHAT_LIMIT } from './limits.ts';

/** A message as the documents read it (every field of LeagueMessage). */
export type ChatMessage = NonNullable<OnLeagueMessageSubscription['onLeagueMessage']>;

/** Newest first: by time, then by id (an id starts with the post's epoch milliseconds). */
const newestFirst = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1;

/**
 * `shown` with `incoming` merged in, newest first, one entry per id. A message seen again keeps the
 * newer state: once removed it stays removed (a page read before the delete cannot bring the text back).
 */
export function mergeMessages(shown: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(shown.map((m) => [m.id, m]));
  for (const m of incoming) {
    const old = byId.get(m.id);
    byId.set(m.id, old?.removed && !m.removed ? old : m);
  }
  return [...byId.values()].sort(newestFirst);
}

/** What a message's body reads: its text, or that it was removed (its text is gone). */
export const messageBody = (m: Pick<ChatMessage, 'text' | 'removed'>) => (m.removed ? 'Message removed' : m.text);

/** Its author or the league's commissioner may delete a chat message (not a removed one, nor the league's own news). */
export const canDelete = (m: ChatMessage, me: string, commissionerId: string) =>
  m.kind === 'CHAT' && !m.removed && (m.userId === me || commissionerId === me);

/** A draft as the API will count it: NFC, trimmed (its length in UTF-16 units, as the API counts). */
const counted = (draft: string) => draft.normalize('NFC').trim();

/** The post box's state: the characters left, and what stops a post before it is sent (null: ready). */
export function draftCheck(draft: string): { left: number; problem: string | null; empty: boolean } {
  const length = counted(draft).length;
  const left = CHAT_LIMIT.text - length;
  return {
    left,
    empty: length === 0,
    problem: left < 0 ? `A message can be at most ${CHAT_LIMIT.text} characters: remove ${-left}.` : null,
  };
}

/** The badge of unread messages: "3 new", "99+ new", null for none. */
export const unreadLabel = (unread: number) => (unread <= 0 ? null : `${unread > 99 ? '99+' : unread} new`);

/** The same for a screen reader. */
export const unreadWords = (unread: number) =>
  unread <= 0 ? 'no unread messages' : `${unread} unread ${unread === 1 ? 'message' : 'messages'}`;
