/**
 * Each read screen's DynamoDB requests, counted on the wire: the local API talks to DynamoDB Local
 * through a counting proxy. Bounds: events 1 request, the upcoming events 2, a standings page 3 (the
 * last one reads the page's names now), the event card 2 and 4 with its leaderboard, the invite's
 * preview 4, whatever the number of players. A rename
 * shows on a board built before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoEndpoint } from 'appsync-local/testing';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { startDynamoDbProxy, type DynamoDbProxy } from '../support/dynamodb-proxy.ts';
import { ADMIN, ADMIN_GROUPS, createCard, OP, setState } from './mutations-fixtures.ts';

let api: TestApi;
let proxy: DynamoDbProxy;

/** The operations one screen sends. */
async function requestsOf(player: string, query: string, variables: Record<string, unknown> = {}) {
  proxy.seen.length = 0;
  const res = await api.request(player, query, variables);
  expect(res.errors).toBeUndefined();
  return [...proxy.seen];
}

let eventId: string;

beforeAll(async () => {
  proxy = await startDynamoDbProxy(dynamoEndpoint());
  api = await startTestApi({ dynamoEndpoint: proxy.endpoint });
  const event = await createCard(api, 3, new Date(Date.now() + 3600_000).toISOString(), '2036-03-03');
  eventId = event.id;
  for (const [i, player] of ['b1', 'b2', 'b3', 'b4'].entries()) {
    await api.data(player, OP.savePrediction, {
      e: eventId,
      p: event.matches.map((matchId, m) => ({ matchId, team: (i + m) % 2 })),
    });
  }
  await setState(api, eventId, 'BROADCAST');
  for (const m of event.matches) await api.data(ADMIN, OP.setMatchResult, { e: eventId, m, w: 0 }, ADMIN_GROUPS);
  await api.app.settled();
  await api.data(ADMIN, OP.scoreEvent, { e: eventId }, ADMIN_GROUPS);
  await api.app.settled();
}, 120_000);

afterAll(async () => {
  await api?.close();
  proxy?.close();
});

describe('requests per read screen', () => {
  it('events: 1 Query', async () => {
    expect(await requestsOf('b1', '{ events(limit: 5) { items { id } nextToken } }')).toEqual(['Query']);
  });

  it("a standings page: the season board head, its chunks and the page's names now, 3 requests", async () => {
    expect(await requestsOf('b1', '{ standings(season: 2036, limit: 2) { items { rank userId } nextToken } }')).toEqual(
      ['GetItem', 'BatchGetItem', 'BatchGetItem'],
    );
    expect(await requestsOf('b1', '{ standings(season: 2037) { items { rank } } }')).toEqual(['GetItem']);
  });

  it("the event card: 2 requests, 4 with its leaderboard (its chunks, the page's names now)", async () => {
    const card =
      'query($e: ID!) { eventCard(eventId: $e) { event { id } matches { id } myPrediction { points rank } } }';
    expect(await requestsOf('b2', card, { e: eventId })).toEqual(['Query', 'GetItem']);
    const withBoard =
      'query($e: ID!) { eventCard(eventId: $e) { myPrediction { rank } leaderboard(limit: 3) { items { rank } nextToken } } }';
    expect((await requestsOf('b2', withBoard, { e: eventId })).sort()).toEqual([
      'BatchGetItem',
      'BatchGetItem',
      'GetItem',
      'Query',
    ]);
  });

  it("the events screen's upcoming part: the events from yesterday on, my predictions of them and my nudges, 3 requests", async () => {
    expect(await requestsOf('b1', '{ upcomingEvents { event { id } myPickCount } }')).toEqual([
      'Query',
      'BatchGetItem',
      'Query',
    ]);
    expect(await requestsOf('b1', '{ events(before: "2036-03-03") { items { id } } }')).toEqual(['Query']);
  });

  it("the invite page's preview: the code, the attempts, the league, the commissioner's profile, 4 requests", async () => {
    const { createLeague } = await api.data(
      'b1',
      'mutation($i: CreateLeagueInput!) { createLeague(input: $i) { inviteCode } }',
      {
        i: { name: 'Bounds League', seasonId: '2036' },
      },
    );
    expect(
      await requestsOf('b2', 'query($c: String!) { leaguePreview(code: $c) { name commissionerName } }', {
        c: createLeague.inviteCode,
      }),
    ).toEqual(['GetItem', 'GetItem', 'Query', 'GetItem']);
  });

  it("a profile: its standings and their seasons' heads, 2 requests", async () => {
    expect(await requestsOf('b3', '{ userProfile { user { id } standings { rank } } }')).toEqual([
      'Query',
      'BatchGetItem',
    ]);
  });
});

describe('a new display name on boards built before it', () => {
  const standings = '{ standings(season: 2036) { items { userId displayName } } }';
  const board = 'query($e: ID!) { eventCard(eventId: $e) { leaderboard { items { userId displayName } } } }';
  const nameOf = (items: { userId: string; displayName: string }[], userId: string) =>
    items.find((item) => item.userId === userId)?.displayName;

  it('shows on the season standings and the final event leaderboard at the next read, the others unchanged', async () => {
    type Rows = { userId: string; displayName: string }[];
    const idOf = async (player: string) =>
      ((await api.data(player, '{ userProfile { user { id } } }')) as { userProfile: { user: { id: string } } })
        .userProfile.user.id;
    const [b3, b4] = [await idOf('b3'), await idOf('b4')];
    const before = (await api.data('b4', standings)) as { standings: { items: Rows } };
    expect(nameOf(before.standings.items, b3)).toBeTruthy();
    expect(nameOf(before.standings.items, b3)).not.toBe('Hangman Fan');
    await api.data('b3', 'mutation { updateMyProfile(displayName: "Hangman Fan") { id } }');
    const after = (await api.data('b4', standings)) as { standings: { items: Rows } };
    expect(nameOf(after.standings.items, b3)).toBe('Hangman Fan');
    expect(nameOf(after.standings.items, b4)).toBe(nameOf(before.standings.items, b4));
    expect(after.standings.items.map((r) => r.userId)).toEqual(before.standings.items.map((r) => r.userId));
    const card = (await api.data('b4', board, { e: eventId })) as { eventCard: { leaderboard: { items: Rows } } };
    expect(card.eventCard.leaderboard.items).toHaveLength(4);
    expect(nameOf(card.eventCard.leaderboard.items, b3)).toBe('Hangman Fan');
  });
});
