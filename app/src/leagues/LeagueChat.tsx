/**
 * A league's chat (issue 43): the post box (500 characters, the count shown), then the messages newest
 * first, live; the league's own news (SYSTEM) set apart; a removed message says so; its author or the
 * commissioner deletes one. Text is rendered as text, never as markup.
 */
import { useState } from 'react';
import { canDelete, draftCheck, messageBody, type ChatMessage } from '@pickem/client/chat';
import type { LeagueChat as Chat } from '@pickem/client/react';
import { CHAT_LIMIT } from '@pickem/client/limits';
import { Confirmed } from '../Confirmed.tsx';
import { formatTime, shownName } from '../hooks.ts';

export function LeagueChat({ chat, me, commissionerId }: { chat: Chat; me: string; commissionerId: string }) {
  return (
    <section className="chat stack" aria-label="Chat">
      <PostBox chat={chat} />
      <p className="muted" data-testid="chat-live-status">
        Live updates: {chat.live}
      </p>
      {chat.error && <p role="alert">{chat.error}</p>}
      {chat.removeError && (
        <p role="alert" className="error">
          {chat.removeError}
        </p>
      )}
      {chat.loading ? (
        <p aria-busy="true">Loading…</p>
      ) : chat.messages.length === 0 ? (
        <p data-testid="chat-empty">No messages yet: say hello to your league.</p>
      ) : (
        <ol className="chat-messages" aria-label="Messages, newest first">
          {chat.messages.map((m) => (
            <Message
              key={m.id}
              message={m}
              mine={m.userId === me}
              deletable={canDelete(m, me, commissionerId)}
              onDelete={() => chat.remove(m.id)}
            />
          ))}
        </ol>
      )}
      {chat.hasOlder && (
        <button type="button" disabled={chat.loadingOlder} onClick={() => void chat.loadOlder()}>
          Show older messages
        </button>
      )}
    </section>
  );
}

function PostBox({ chat }: { chat: Chat }) {
  const [draft, setDraft] = useState('');
  const check = draftCheck(draft);
  const blocked = chat.posting || check.empty || check.problem !== null;
  return (
    <form
      className="chat-post"
      onSubmit={async (e) => {
        e.preventDefault();
        if (blocked) return;
        if (await chat.post(draft)) setDraft('');
      }}
    >
      <label htmlFor="chat-draft" className="visually-hidden">
        Message (up to {CHAT_LIMIT.text} characters)
      </label>
      <textarea
        id="chat-draft"
        name="text"
        rows={2}
        value={draft}
        placeholder="Message your league"
        aria-describedby="chat-count"
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          // Enter sends, Shift+Enter starts a new line (as chats do).
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <div className="chat-post-row">
        <span id="chat-count" className={check.left < 0 ? 'error' : 'muted'} data-testid="chat-count">
          {check.left < 0 ? check.problem : `${check.left} of ${CHAT_LIMIT.text} characters left`}
        </span>
        <button type="submit" className="primary" disabled={blocked}>
          {chat.posting ? 'Sending…' : 'Send'}
        </button>
      </div>
      <p role="status" className="error" data-testid="chat-post-error">
        {chat.postError}
      </p>
    </form>
  );
}

function Message({
  message: m,
  mine,
  deletable,
  onDelete,
}: {
  message: ChatMessage;
  mine: boolean;
  deletable: boolean;
  onDelete: () => Promise<void>;
}) {
  const system = m.kind === 'SYSTEM';
  const className = ['chat-message', system && 'system', m.removed && 'removed', mine && 'mine']
    .filter(Boolean)
    .join(' ');
  return (
    <li className={className} data-testid="chat-message" data-kind={m.kind} data-removed={m.removed}>
      <div className="chat-meta">
        {!system && (
          <span className="chat-author" data-testid="chat-author">
            {mine ? 'You' : shownName(m.displayName, m.userId)}
          </span>
        )}
        <time className="muted" dateTime={m.createdAt}>
          {formatTime(m.createdAt)}
        </time>
      </div>
      <p className="chat-text" data-testid="chat-text">
        {messageBody(m)}
      </p>
      {deletable && (
        <Confirmed
          label="Delete"
          name={`Delete the message of ${formatTime(m.createdAt)}`}
          confirm="Yes, delete"
          confirmName="Yes, delete this message"
          onConfirm={onDelete}
        />
      )}
    </li>
  );
}
