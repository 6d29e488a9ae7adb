/** A league's chat as both apps show it (client/chat.ts): merging pages and live messages, removal, who may delete, the post box's check. */
import { readFileSync } from 'node:fs';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { parseAppSyncSchema } from 'appsync-cloud';
import { schemaPath } from '../../scripts/codegen.ts';
import { leagueChat, markLeagueReadOnly, myLeagueList } from '@pickem/client/documents';
import { canDelete, draftCheck, mergeMessages, messageBody, unreadLabel, type ChatMessage } from '@pickem/client/chat';
import { plainMessage } from '@pickem/client/messages';

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 20, minute)).toISOString();
const message = (id: string, minute: number, more: Partial<ChatMessage> = {}): ChatMessage => ({
  __typename: 'LeagueMessage',
  id,
  leagueId: 'L1',
  userId: 'tom',
  displayName: 'Tom',
  text: `text ${id}`,
  createdAt: at(minute),
  kind: 'CHAT',
  removed: false,
  ...more,
});
const ids = (list: ChatMessage[]) => list.map((m) => m.id);

describe('mergeMessages', () => {
  it('keeps one of each message, newest first, whatever order pages and live messages come in', () => {
    const page = [message('c', 3), message('b', 2)];
    const live = [message('d', 4), message('c', 3)];
    const older = [message('a', 1), message('b', 2)];
    expect(ids(mergeMessages(mergeMessages(mergeMessages([], page), live), older))).toEqual(['d', 'c', 'b', 'a']);
  });

  it('orders messages of the same instant by id, the newest id first', () => {
    expect(ids(mergeMessages([], [message('1-a', 1), message('1-b', 1)]))).toEqual(['1-b', '1-a']);
  });

  it('shows a removal delivered live, and a page read before the delete cannot bring the text back', () => {
    const removed = message('b', 2, { text: '', removed: true });
    const shown = mergeMessages([message('b', 2)], [removed]);
    expect(shown).toEqual([removed]);
    expect(mergeMessages(shown, [message('b', 2)])).toEqual([removed]);
  });
});

describe('what a message shows and who may delete it', () => {
  it('reads a removed message as removed', () => {
    expect(messageBody(message('a', 1))).toBe('text a');
    expect(messageBody(message('a', 1, { text: '', removed: true }))).toBe('Message removed');
  });

  it('lets its author and the commissioner delete a chat message, nobody the league news or a removed one', () => {
    const tom = message('a', 1);
    expect(canDelete(tom, 'tom', 'ann')).toBe(true);
    expect(canDelete(tom, 'ann', 'ann')).toBe(true);
    expect(canDelete(tom, 'bob', 'ann')).toBe(false);
    expect(canDelete(message('s', 1, { kind: 'SYSTEM' }), 'ann', 'ann')).toBe(false);
    expect(canDelete(message('r', 1, { removed: true }), 'tom', 'ann')).toBe(false);
  });
});

describe('the post box', () => {
  it('counts as the API does (trimmed) and says what to cut beyond 500 characters', () => {
    expect(draftCheck('   ')).toEqual({ left: 500, empty: true, problem: null });
    expect(draftCheck(`  ${'x'.repeat(500)}  `)).toEqual({ left: 0, empty: false, problem: null });
    expect(draftCheck('x'.repeat(503))).toEqual({
      left: -3,
      empty: false,
      problem: 'A message can be at most 500 characters: remove 3.',
    });
  });

  it("words the API's refusals of a post plainly", () => {
    expect(plainMessage({ errorType: 'RateLimited', message: 'at most 10 a minute' })).toBe(
      'You are sending messages too fast. Wait a minute, then try again.',
    );
    expect(
      plainMessage({ errorType: 'ValidationError', message: 'text must be at most 500 characters; got 501' }),
    ).toBe('Your message can be at most 500 characters.');
    expect(plainMessage({ errorType: 'ValidationError', message: 'text must not contain control characters' })).toBe(
      'Your message cannot contain control characters.',
    );
  });

  it('badges the unread count', () => {
    expect(unreadLabel(0)).toBeNull();
    expect(unreadLabel(3)).toBe('3 new');
    expect(unreadLabel(120)).toBe('99+ new');
  });
});

describe("the chat's hand-written documents", () => {
  it('are valid against schema.graphql', () => {
    const schema = parseAppSyncSchema(readFileSync(schemaPath, 'utf8'));
    for (const [name, text] of Object.entries({ leagueChat, markLeagueReadOnly, myLeagueList }))
      expect(
        validate(schema, parse(text)).map((e) => e.message),
        name,
      ).toEqual([]);
  });
});
