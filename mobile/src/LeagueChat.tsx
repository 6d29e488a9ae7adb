/**
 * A league's chat on the phone (issue 43), as the web app's: the post box (500 characters, the count
 * shown), then the messages newest first, live; the league's own news (SYSTEM) set apart; a removed
 * message says so; its author or the commissioner deletes one (asked twice).
 */
import { useState } from 'react';
import { Text, TextInput, View, type TextStyle } from 'react-native';
import { canDelete, draftCheck, messageBody, unreadLabel, unreadWords, type ChatMessage } from '@pickem/client/chat';
import { formatTime } from '@pickem/client/dates';
import { lineWidth, radius, space } from '@pickem/client/design/tokens';
import { CHAT_LIMIT } from '@pickem/client/limits';
import type { LeagueChat as Chat } from '@pickem/client/react';
import { Alert, Button, Muted, useTheme } from './ui';

/** The badge of a league's unread messages (null: none), for Item and the chat's header. */
export function unreadBadge(unread: number, testID: string) {
  const label = unreadLabel(unread);
  return label ? { label, words: unreadWords(unread), testID } : null;
}

export function LeagueChat({ chat, me, commissionerId }: { chat: Chat; me: string; commissionerId: string }) {
  return (
    <View style={{ gap: space.md }}>
      <PostBox chat={chat} />
      <Muted testID="chat-live-status">Live updates: {chat.live}</Muted>
      <Alert>{chat.error}</Alert>
      <Alert>{chat.removeError}</Alert>
      {chat.loading ? (
        <Muted>Loading…</Muted>
      ) : chat.messages.length === 0 ? (
        <Muted testID="chat-empty">No messages yet: say hello to your league.</Muted>
      ) : (
        chat.messages.map((m) => (
          <Message
            key={m.id}
            message={m}
            mine={m.userId === me}
            deletable={canDelete(m, me, commissionerId)}
            onDelete={() => chat.remove(m.id)}
          />
        ))
      )}
      {chat.hasOlder && (
        <Button label="Show older messages" disabled={chat.loadingOlder} onPress={() => void chat.loadOlder()} />
      )}
    </View>
  );
}

function PostBox({ chat }: { chat: Chat }) {
  const { colors, styles } = useTheme();
  const [draft, setDraft] = useState('');
  const check = draftCheck(draft);
  const blocked = chat.posting || check.empty || check.problem !== null;
  async function send() {
    if (!blocked && (await chat.post(draft))) setDraft('');
  }
  return (
    <View style={{ gap: space.sm }}>
      <TextInput
        accessibilityLabel={`Message (up to ${CHAT_LIMIT.text} characters)`}
        placeholder="Message your league"
        placeholderTextColor={colors.muted}
        multiline
        value={draft}
        onChangeText={setDraft}
        style={styles.input}
      />
      <Text testID="chat-count" style={check.left < 0 ? styles.alert : styles.muted}>
        {check.left < 0 ? check.problem : `${check.left} of ${CHAT_LIMIT.text} characters left`}
      </Text>
      <Button label={chat.posting ? 'Sending…' : 'Send'} primary disabled={blocked} onPress={() => void send()} />
      <Alert>{chat.postError}</Alert>
    </View>
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
  const { colors, styles } = useTheme();
  const [asking, setAsking] = useState(false);
  const system = m.kind === 'SYSTEM';
  // The league's own news in the champion's colours; the player's own messages marked in the accent.
  const box = {
    borderWidth: lineWidth.thin,
    borderColor: system ? colors.championBg : colors.line,
    borderLeftWidth: mine ? lineWidth.marker : lineWidth.thin,
    borderLeftColor: mine ? colors.accent : system ? colors.championBg : colors.line,
    backgroundColor: system ? colors.championBg : colors.surface,
    borderRadius: radius.lg,
    padding: space.lg,
    gap: space.xs,
  };
  const body: TextStyle = system
    ? { color: colors.champion, fontWeight: '600', textAlign: 'center' }
    : m.removed
      ? { color: colors.muted, fontStyle: 'italic' }
      : { color: colors.text };
  return (
    <View style={box} testID="chat-message">
      <Text style={system ? { color: colors.champion, textAlign: 'center' } : styles.muted}>
        {system ? '' : `${mine ? 'You' : m.displayName} · `}
        {formatTime(m.createdAt)}
      </Text>
      <Text testID="chat-text" style={body}>
        {messageBody(m)}
      </Text>
      {deletable &&
        (asking ? (
          <View style={{ flexDirection: 'row', flexWrap: 'wrap', gap: space.sm }}>
            <Button label="Yes, delete" onPress={() => void onDelete().finally(() => setAsking(false))} />
            <Button label="Cancel" onPress={() => setAsking(false)} />
          </View>
        ) : (
          <Button label="Delete" onPress={() => setAsking(true)} />
        ))}
    </View>
  );
}
