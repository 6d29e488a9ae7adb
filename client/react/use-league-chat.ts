import { generateClient } from 'aws-amplify/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { mergeMessages, type ChatMessage } from '../chat.ts';
import { leagueChat, markLeagueReadOnly } from '../documents.ts';
import type { LiveStatus } from '../follow-event.ts';
import { followLeagueChat } from '../follow-league-chat.ts';
import { deleteLeagueMessage, postLeagueMessage } from '../graphql/mutations.ts';
import { errorText } from '../messages.ts';

/** A page of the chat: what a phone shows at once. */
export const CHAT_PAGE = 30;

export interface LeagueChat {
  /** Newest first: the pages read and every message delivered live, each once (a removed one as removed). */
  messages: ChatMessage[];
  /** The first page is still on its way. */
  loading: boolean;
  /** Why a page could not be read, in plain words. */
  error: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => Promise<void>;
  live: LiveStatus;
  /** Messages the player has not seen: the API's count on open, plus those arriving while the chat is hidden. */
  unread: number;
  posting: boolean;
  /** Why the last post was refused (too fast, too long…), in plain words; null once one succeeds. */
  postError: string | null;
  /** Resolves true when the message was posted (the box can be cleared). */
  post: (text: string) => Promise<boolean>;
  /** Why the last delete failed, in plain words. */
  removeError: string | null;
  remove: (messageId: string) => Promise<void>;
}

/**
 * A league's chat for a screen: its first page, older pages on demand, the live messages merged in,
 * posting and deleting. While `open` (the chat is on screen) the league is marked read on opening and
 * again whenever a message arrives, so that `unread` and the leagues list's badge say 0.
 */
export function useLeagueChat(leagueId: string, open: boolean): LeagueChat {
  const client = useRef(generateClient()).current;
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [older, setOlder] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [live, setLive] = useState<LiveStatus>('connecting');
  const [unread, setUnread] = useState(0);
  const [posting, setPosting] = useState(false);
  const [postError, setPostError] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const seen = useRef(new Set<string>());
  const isOpen = useRef(open);

  // One markLeagueRead at a time; a message arriving meanwhile marks once more after it.
  const marking = useRef<'idle' | 'busy' | 'again'>('idle');
  const markRead = useCallback(async () => {
    setUnread(0);
    if (marking.current !== 'idle') {
      marking.current = 'again';
      return;
    }
    do {
      marking.current = 'busy';
      // A failed mark only leaves the badge of the leagues list high until the next one: nothing to show.
      await client.graphql({ query: markLeagueReadOnly, variables: { leagueId } }).catch(() => undefined);
    } while ((marking.current as string) === 'again');
    marking.current = 'idle';
  }, [client, leagueId]);

  /**
   * Merges messages in (by id: the scoring function may send a SYSTEM message twice); counts (or marks
   * read) the players' messages new to the screen: SYSTEM ones do not count, as in League.unread.
   */
  const take = useCallback(
    (incoming: ChatMessage[], fromLive: boolean) => {
      const fresh = incoming.filter((m) => !seen.current.has(m.id) && !m.removed && m.kind === 'CHAT');
      for (const m of incoming) seen.current.add(m.id);
      setMessages((shown) => mergeMessages(shown, incoming));
      if (!fromLive || fresh.length === 0) return;
      if (isOpen.current) void markRead();
      else setUnread((n) => n + fresh.length);
    },
    [markRead],
  );

  const readPage = useCallback(
    async (nextToken: string | null) =>
      (await client.graphql({ query: leagueChat, variables: { leagueId, limit: CHAT_PAGE, nextToken } })).data.league,
    [client, leagueId],
  );

  // The first page, once per league; again (merged) each time the connection comes up, for what was
  // posted while it was down or before the subscription started.
  useEffect(() => {
    let current = true;
    seen.current = new Set();
    setMessages([]);
    setLoading(true);
    setUnread(0);
    readPage(null).then(
      (league) => {
        if (!current) return;
        setLoading(false);
        if (!league) return setError('You cannot read this chat.');
        take(league.messages.items, false);
        setOlder(league.messages.nextToken);
        // Open, the chat was marked read as it opened.
        setUnread(isOpen.current ? 0 : league.unread);
        setError(null);
      },
      (err: unknown) => {
        if (!current) return;
        setLoading(false);
        setError(errorText(err));
      },
    );
    return () => {
      current = false;
    };
  }, [readPage, take, markRead]);

  useEffect(() => {
    setLive('connecting');
    return followLeagueChat(
      leagueId,
      (message) => take([message], true),
      (status) => {
        setLive(status);
        if (status === 'live')
          readPage(null).then(
            (league) => league && take(league.messages.items, true),
            () => undefined,
          );
      },
    );
  }, [leagueId, readPage, take]);

  // Opening the chat reads it.
  useEffect(() => {
    isOpen.current = open;
    if (open) void markRead();
  }, [open, markRead]);

  async function loadOlder() {
    if (!older || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const league = await readPage(older);
      if (league) {
        take(league.messages.items, false);
        setOlder(league.messages.nextToken);
      }
      setError(null);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setLoadingOlder(false);
    }
  }

  async function post(text: string): Promise<boolean> {
    setPosting(true);
    try {
      const { data } = await client.graphql({ query: postLeagueMessage, variables: { leagueId, text } });
      take([data.postLeagueMessage], false);
      setPostError(null);
      // The API counts the player's own message as unread until it is marked.
      if (isOpen.current) void markRead();
      return true;
    } catch (err) {
      setPostError(errorText(err));
      return false;
    } finally {
      setPosting(false);
    }
  }

  async function remove(messageId: string) {
    try {
      const { data } = await client.graphql({ query: deleteLeagueMessage, variables: { leagueId, messageId } });
      take([data.deleteLeagueMessage], false);
      setRemoveError(null);
    } catch (err) {
      setRemoveError(errorText(err));
    }
  }

  return {
    messages,
    loading,
    error,
    hasOlder: older !== null,
    loadingOlder,
    loadOlder,
    live,
    unread,
    posting,
    postError,
    post,
    removeError,
    remove,
  };
}
