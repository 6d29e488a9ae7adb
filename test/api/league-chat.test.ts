/**
 * League chat through the API on DynamoDB Local: members post, read newest first, delete (author or
 * commissioner); a non-member cannot read, post or subscribe; the rate limit refuses with nothing
 * written; unread counts and markLeagueRead; a removed member's open subscription ends, and every
 * member's when the league is deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMIT } from '@pickem/domain/limits';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { MESSAGE_FIELDS as MSG, openChatSocket } from './chat-socket.ts';
import { LEAGUE_OP, refusal, subsOf } from './leagues-fixtures.ts';
import { tableSnapshot } from './mutations-fixtures.ts';

const CHAT = {
  post: `mutation($l: ID!, $t: String!) { postLeagueMessage(leagueId: $l, text: $t) { ${MSG} } }`,
  remove: `mutation($l: ID!, $m: ID!) { deleteLeagueMessage(leagueId: $l, messageId: $m) { ${MSG} } }`,
  page: `query($l: ID!, $n: Int) { league(leagueId: $l) { unread messages(limit: $n) { items { ${MSG} } nextToken } } }`,
  read: 'mutation($l: ID!) { markLeagueRead(leagueId: $l) { id unread } }',
  mine: 'query { myLeagues { id unread } }',
};

let api: TestApi;
let sub: Record<string, string>;
let leagueId: string;

beforeAll(async () => {
  api = await startTestApi();
  sub = await subsOf(api, ['ana', 'ben', 'cy', 'dee']);
  const { createLeague } = await api.data('ana', LEAGUE_OP.create, { i: { name: 'Chat', seasonId: '2036' } });
  leagueId = createLeague.id;
  for (const p of ['ben', 'cy']) await api.data(p, LEAGUE_OP.join, { c: createLeague.inviteCode });
}, 60_000);
afterAll(async () => {
  await api?.app.settled();
  await api?.close();
});

const openSocket = async (user: string) => {
  const socket = await openChatSocket(api, user);
  return { ...socket, start: (id: string) => socket.start(id, leagueId) };
};

describe('league chat', () => {
  it('members post and read newest first; a non-member cannot read, post or subscribe', async () => {
    const first = (await api.data('ana', CHAT.post, { l: leagueId, t: '  Who wins tonight?  ' })).postLeagueMessage;
    expect(first).toMatchObject({ text: 'Who wins tonight?', userId: sub.ana, kind: 'CHAT', removed: false });
    await api.data('ben', CHAT.post, { l: leagueId, t: '<b>Not bold</b>' });
    const { league } = await api.data('cy', CHAT.page, { l: leagueId });
    expect(league.messages.items.map((m: any) => m.text)).toEqual(['<b>Not bold</b>', 'Who wins tonight?']);

    expect(await refusal(api, 'dee', CHAT.page, { l: leagueId })).toBe('NotMember');
    expect(await refusal(api, 'dee', CHAT.post, { l: leagueId, t: 'hi' })).toBe('NotMember');
    const socket = await openSocket('dee');
    expect((await socket.start('s1')).type).toBe('error');
    socket.ws.terminate();
  });

  it('refuses empty, too long and control characters', async () => {
    for (const t of ['   ', 'x'.repeat(CHAT_LIMIT.text + 1), 'a\u0007b'])
      expect(await refusal(api, 'ana', CHAT.post, { l: leagueId, t })).toBe('ValidationError');
  });

  it('the rate limit refuses with nothing written', async () => {
    const posted = (await api.data('cy', CHAT.page, { l: leagueId, n: 100 })).league.messages.items.length;
    for (let i = 0; i < CHAT_LIMIT.perMinute; i += 1) {
      const res = await api.request('cy', CHAT.post, { l: leagueId, t: `spam ${i}` });
      if (res.errors) break; // the minute turned over: the window restarted
    }
    const before = await tableSnapshot(api);
    const res = await api.request('cy', CHAT.post, { l: leagueId, t: 'one too many' });
    if (res.errors) {
      expect(res.errors[0].errorType).toBe('RateLimited');
      expect(await tableSnapshot(api)).toEqual(before);
    }
    expect((await api.data('cy', CHAT.page, { l: leagueId, n: 100 })).league.messages.items.length).toBeGreaterThan(
      posted,
    );
  });

  it('deletes: the author or the commissioner, not another member', async () => {
    const mine = (await api.data('ben', CHAT.post, { l: leagueId, t: 'oops' })).postLeagueMessage;
    expect(await refusal(api, 'cy', CHAT.remove, { l: leagueId, m: mine.id })).toBe('NotFound');
    expect((await api.data('ben', CHAT.remove, { l: leagueId, m: mine.id })).deleteLeagueMessage).toMatchObject({
      text: '',
      removed: true,
    });
    const other = (await api.data('ben', CHAT.post, { l: leagueId, t: 'rude' })).postLeagueMessage;
    expect((await api.data('ana', CHAT.remove, { l: leagueId, m: other.id })).deleteLeagueMessage.removed).toBe(true);
    const { items } = (await api.data('ben', CHAT.page, { l: leagueId, n: 2 })).league.messages;
    expect(items.map((m: any) => [m.text, m.removed])).toEqual([
      ['', true],
      ['', true],
    ]);
  });

  it('unread counts in league and myLeagues; markLeagueRead clears them', async () => {
    await api.data('ana', CHAT.read, { l: leagueId });
    await api.data('ben', CHAT.post, { l: leagueId, t: 'one' });
    await api.data('ben', CHAT.post, { l: leagueId, t: 'two' });
    expect((await api.data('ana', CHAT.mine)).myLeagues).toEqual([{ id: leagueId, unread: 2 }]);
    expect((await api.data('ana', CHAT.page, { l: leagueId, n: 1 })).league.unread).toBe(2);
    expect((await api.data('ana', CHAT.read, { l: leagueId })).markLeagueRead.unread).toBe(0);
    expect((await api.data('ana', CHAT.mine)).myLeagues).toEqual([{ id: leagueId, unread: 0 }]);
  });

  it("delivers live to members; a removed member's open subscription ends", async () => {
    const ben = await openSocket('ben');
    const cy = await openSocket('cy');
    expect((await ben.start('b')).type).toBe('start_ack');
    expect((await cy.start('c')).type).toBe('start_ack');
    await api.data('ana', CHAT.post, { l: leagueId, t: 'live!' });
    const got = await cy.next((m) => m.id === 'c' && m.type === 'data');
    expect(got.payload.data.onLeagueMessage.text).toBe('live!');
    await api.data('ana', LEAGUE_OP.remove, { l: leagueId, u: sub.cy });
    await cy.next((m) => m.id === 'c' && m.type === 'complete');
    await api.data('ana', CHAT.post, { l: leagueId, t: 'after' });
    await ben.next((m) => m.id === 'b' && m.type === 'data' && m.payload.data.onLeagueMessage.text === 'after');
    expect(cy.messages.filter((m) => m.type === 'data').length).toBe(1);
    ben.ws.terminate();
    cy.ws.terminate();
  });

  it("deleting the league ends every open subscription to its chat, and only that league's", async () => {
    const { createLeague } = await api.data('ana', LEAGUE_OP.create, { i: { name: 'Gone', seasonId: '2036' } });
    await api.data('ben', LEAGUE_OP.join, { c: createLeague.inviteCode });
    const [ana, ben] = [await openChatSocket(api, 'ana'), await openChatSocket(api, 'ben')];
    expect((await ana.start('a', createLeague.id)).type).toBe('start_ack');
    expect((await ben.start('b', createLeague.id)).type).toBe('start_ack');
    expect((await ben.start('kept', leagueId)).type).toBe('start_ack');
    await api.data('ana', LEAGUE_OP.delete, { l: createLeague.id });
    await ana.next((m) => m.id === 'a' && m.type === 'complete');
    await ben.next((m) => m.id === 'b' && m.type === 'complete');
    await api.data('ana', CHAT.post, { l: leagueId, t: 'still here' });
    await ben.next((m) => m.id === 'kept' && m.type === 'data');
    expect(ben.messages.some((m) => m.id === 'kept' && m.type === 'complete')).toBe(false);
    ana.ws.terminate();
    ben.ws.terminate();
  });
});
