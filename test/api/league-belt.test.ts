/**
 * The league belt through the API (issue 43): League.champion and League.lineage after each scored
 * event (the belt changes hands), one SYSTEM message a league and event however often the event is
 * scored, sent live to members' open onLeagueMessage subscriptions (a non-member's is refused), the
 * champion at one request more on the league page, and a non-member refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoEndpoint } from 'appsync-local/testing';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { startDynamoDbProxy, type DynamoDbProxy } from '../support/dynamodb-proxy.ts';
import { MESSAGE_FIELDS, openChatSocket } from './chat-socket.ts';
import { LEAGUE_OP, refusal, subsOf } from './leagues-fixtures.ts';
import { ADMIN, ADMIN_GROUPS, OP, createCard, setState } from './mutations-fixtures.ts';

const REIGN = 'userId displayName wonAt wonAtName defenses endedAt';
const BELT = `query($l: ID!) { league(leagueId: $l) { champion { ${REIGN} } lineage(limit: 10) { items { ${REIGN} } nextToken }
  messages(limit: 20) { items { kind text userId } } unread } }`;
const NEWEST = `query($l: ID!) { league(leagueId: $l) { messages(limit: 1) { items { ${MESSAGE_FIELDS} } } } }`;
const AWARDS = 'query($l: ID!, $e: ID!) { league(leagueId: $l) { eventLeaderboard(eventId: $e) { userId awards } } }';
const PAGE = 'query($l: ID!) { league(leagueId: $l) { id name myRank standings { userId rank points } } }';
const WITH_CHAMPION = `query($l: ID!) { league(leagueId: $l) { id name myRank standings { userId rank points } champion { ${REIGN} } } }`;

let api: TestApi;
let proxy: DynamoDbProxy;
let sub: Record<string, string>;
let leagueId: string;

/** An event of 2 matches (10 points each, winner team 0) that `picks` (player → teams) play, scored. */
async function playEvent(date: string, picks: Record<string, number[]>) {
  const event = await createCard(api, 2, new Date(Date.now() + 3600_000).toISOString(), date);
  for (const [player, teams] of Object.entries(picks))
    await api.data(player, OP.savePrediction, {
      e: event.id,
      p: event.matches.map((matchId, m) => ({ matchId, team: teams[m] })),
    });
  await setState(api, event.id, 'BROADCAST');
  for (const m of event.matches) await api.data(ADMIN, OP.setMatchResult, { e: event.id, m, w: 0 }, ADMIN_GROUPS);
  await api.app.settled();
  await api.data(ADMIN, OP.scoreEvent, { e: event.id }, ADMIN_GROUPS);
  await api.app.settled();
  return event;
}

beforeAll(async () => {
  proxy = await startDynamoDbProxy(dynamoEndpoint());
  api = await startTestApi({ dynamoEndpoint: proxy.endpoint });
  sub = await subsOf(api, ['ana', 'ben', 'cy', 'out']);
  for (const [p, n] of [
    ['ana', 'Ana'],
    ['ben', 'Ben'],
    ['cy', 'Cy'],
  ])
    await api.data(p, LEAGUE_OP.whoAmI, { n });
  const { createLeague } = await api.data('ana', LEAGUE_OP.create, { i: { name: 'Belt', seasonId: '2036' } });
  leagueId = createLeague.id;
  for (const p of ['ben', 'cy']) await api.data(p, LEAGUE_OP.join, { c: createLeague.inviteCode });
}, 120_000);

afterAll(async () => {
  await api?.app.settled();
  await api?.close();
  proxy?.close();
});

describe('the league belt', () => {
  it('no champion before a scored event', async () => {
    const { league } = await api.data('ben', BELT, { l: leagueId });
    expect(league.champion).toBeNull();
    expect(league.lineage).toEqual({ items: [], nextToken: null });
  });

  it('moves to the leader after each event, with one SYSTEM message a league and event, sent live', async () => {
    const member = await openChatSocket(api, 'ben');
    const outsider = await openChatSocket(api, 'out');
    expect((await member.start('m', leagueId)).type).toBe('start_ack');
    expect(await outsider.start('o', leagueId)).toMatchObject({ type: 'error' });
    const first = await playEvent('2036-02-01', { ana: [0, 0], ben: [0, 1], cy: [1, 1] });
    const live = await member.next((m) => m.id === 'm' && m.type === 'data');
    let { league } = await api.data('cy', BELT, { l: leagueId });
    const stored = (await api.data('cy', NEWEST, { l: leagueId })).league.messages.items[0];
    expect(stored).toMatchObject({ kind: 'SYSTEM', userId: 'SYSTEM' });
    expect(live.payload.data.onLeagueMessage).toEqual(stored);
    expect(league.champion).toMatchObject({ userId: sub.ana, displayName: 'Ana', wonAt: first.id, defenses: 0 });
    expect(league.messages.items).toEqual([
      { kind: 'SYSTEM', text: expect.stringMatching(/^Ana won .+ with 20; Ana takes the belt\.$/), userId: 'SYSTEM' },
    ]);
    expect(league.unread).toBe(0); // SYSTEM messages do not count as unread
    // The league's event board carries each member's awards (read from the final board, no request more).
    const board = await api.data('cy', AWARDS, { l: leagueId, e: first.id });
    expect(board.league.eventLeaderboard).toEqual([
      { userId: sub.ana, awards: expect.arrayContaining(['TOP_SCORE', 'PERFECT_CARD']) },
      { userId: sub.ben, awards: [] },
      { userId: sub.cy, awards: [] },
    ]);

    // Ben 20 + 10 = 30 and Ana 20 + 0: the belt moves to Ben. Scored twice: told once.
    const second = await playEvent('2036-03-01', { ana: [1, 1], ben: [0, 0], cy: [0, 1] });
    await api.data(ADMIN, OP.scoreEvent, { e: second.id }, ADMIN_GROUPS);
    await api.app.settled();
    ({ league } = await api.data('cy', BELT, { l: leagueId }));
    expect(league.champion).toMatchObject({ userId: sub.ben, displayName: 'Ben', wonAt: second.id, endedAt: null });
    expect(league.lineage.items.map((r: { userId: string; endedAt: string | null }) => [r.userId, r.endedAt])).toEqual([
      [sub.ben, null],
      [sub.ana, second.id],
    ]);
    const system = league.messages.items.filter((m: { kind: string }) => m.kind === 'SYSTEM');
    expect(system).toHaveLength(2);
    expect(system[0].text).toMatch(/^Ben won .+ with 20; the belt moves to Ben\.$/);
    expect(league.unread).toBe(0);
    // Live: each event's message once (the second scoring of an event sends nothing: it is told).
    await member.next((m) => m.type === 'data' && /moves to Ben/.test(m.payload.data.onLeagueMessage.text));
    const delivered = member.messages.filter((m) => m.id === 'm' && m.type === 'data');
    expect(delivered.map((m) => m.payload.data.onLeagueMessage.text)).toEqual(
      system.map((m: { text: string }) => m.text).reverse(),
    );
    expect(outsider.messages.filter((m) => m.type === 'data')).toEqual([]);
    member.ws.terminate();
    outsider.ws.terminate();

    // A page of one: the token gives the next.
    const paged = await api.data(
      'cy',
      `query($l: ID!) { league(leagueId: $l) { lineage(limit: 1) { items { userId } nextToken } } }`,
      {
        l: leagueId,
      },
    );
    expect(paged.league.lineage).toEqual({ items: [{ userId: sub.ben }], nextToken: '1' });
  });

  it('the champion costs the league page one request; a non-member is refused', async () => {
    proxy.seen.length = 0;
    await api.data('ana', PAGE, { l: leagueId });
    const without = [...proxy.seen];
    proxy.seen.length = 0;
    await api.data('ana', WITH_CHAMPION, { l: leagueId });
    expect(proxy.seen).toEqual([...without, 'GetItem']);
    expect(await refusal(api, 'out', BELT, { l: leagueId })).toBe('NotMember');
  });
});
