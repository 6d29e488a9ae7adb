/**
 * The four read screens end to end over HTTP, on a league built through the API's own mutations.
 * Scores are chosen for the edge cases: 100 vs 10 vs 9 points (padding), a tie on points broken by
 * correct picks, a full tie (shared rank), and an 11-match card (positions 9, 10, 11).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api.ts';

let api: TestApi;
const ADMIN = 'admin-1';
const asAdmin = (q: string, v: Record<string, unknown> = {}) => api.data(ADMIN, q, v, ['admin']);

const E1_POINTS = [9, 10, 100, 1, 1, 1, 1, 1, 1, 1, 1];
/** Which matches of E1 each player gets right (0-based); every other pick is wrong. */
const E1_CORRECT: Record<string, number[]> = {
  p1: [2], // 100 points, 1 correct
  p6: [0, 3], // 10 points, 2 correct
  p2: [1], // 10 points, 1 correct
  p5: [1], // 10 points, 1 correct: ties p2
  p3: [0], // 9 points, 1 correct
  p4: [3, 4, 5, 6, 7, 8, 9, 10], // 8 points, 8 correct
};
const E1_ORDER = ['p1', 'p6', 'p2', 'p5', 'p3', 'p4'];
const E1_RANKS = [1, 2, 3, 3, 5, 6];

let e1: string;
let e2: string;
let e3: string;
let e1Matches: string[];
let e3Matches: string[];
let sub: Record<string, string>;

async function createEvent(name: string, date: string, points: number[]) {
  const startsAt = new Date(Date.now() + 3600_000).toISOString();
  const { createEvent } = await asAdmin('mutation($i: CreateEventInput!) { createEvent(input: $i) { id } }', {
    i: { name, date, startsAt },
  });
  const matches: string[] = [];
  for (const [m, p] of points.entries()) {
    const { addMatch } = await asAdmin(
      'mutation($e: ID!, $i: MatchInput!) { addMatch(eventId: $e, input: $i) { id } }',
      {
        e: createEvent.id,
        i: { name: `Match ${m + 1}`, points: p, teams: [{ members: [`A${m}`] }, { members: [`B${m}`] }] },
      },
    );
    matches.push(addMatch.id);
  }
  return { id: createEvent.id as string, matches };
}

const SAVE = 'mutation($e: ID!, $p: [PickInput!]!) { savePrediction(eventId: $e, picks: $p) { userId } }';

async function save(player: string, eventId: string, matches: string[], correct: number[]) {
  const picks = matches.map((matchId, i) => ({ matchId, team: correct.includes(i) ? 0 : 1 }));
  await api.data(player, SAVE, { e: eventId, p: picks });
}

async function scoreAllTeamZero(eventId: string, matches: string[]) {
  await asAdmin('mutation($i: UpdateEventInput!) { updateEvent(input: $i) { id } }', {
    i: { id: eventId, state: 'BROADCAST' },
  });
  for (const matchId of matches) {
    await asAdmin('mutation($e: ID!, $m: ID!) { setMatchResult(eventId: $e, matchId: $m, winner: 0) { id } }', {
      e: eventId,
      m: matchId,
    });
  }
  await asAdmin('mutation($e: ID!) { scoreEvent(eventId: $e) { predictionsScored } }', { e: eventId });
}

beforeAll(async () => {
  api = await startTestApi();
  sub = {};
  for (const p of E1_ORDER) {
    const { updateMyProfile } = await api.data(p, 'mutation($n: String!) { updateMyProfile(displayName: $n) { id } }', {
      n: `Player ${p}`,
    });
    sub[p] = updateMyProfile.id;
  }
  ({ id: e1, matches: e1Matches } = await createEvent('Spring Slam', '2024-03-03', E1_POINTS));
  const { id: e2Id, matches: e2Matches } = await createEvent('Summer Clash', '2024-05-01', [5]);
  e2 = e2Id;
  ({ id: e3, matches: e3Matches } = await createEvent('Winter Brawl', '2025-01-10', [3, 4, 5]));

  for (const p of E1_ORDER) await save(p, e1, e1Matches, E1_CORRECT[p]);
  await save('p3', e2, e2Matches, [0]);
  await save('p1', e2, e2Matches, []);
  await save('p1', e3, e3Matches, [0]);
  await save('p2', e3, e3Matches, [1, 2]);

  await scoreAllTeamZero(e1, e1Matches);
  await scoreAllTeamZero(e2, e2Matches);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('events', () => {
  const EVENTS =
    'query($l: Int, $t: String) { events(limit: $l, nextToken: $t) { items { id name date state season matchCount } nextToken } }';

  it('lists events newest first with their state', async () => {
    const { events } = await api.data('p1', EVENTS, {});
    expect(events.items.map((e: { id: string }) => e.id)).toEqual([e3, e2, e1]);
    expect(events.items.map((e: { state: string }) => e.state)).toEqual(['UPCOMING', 'SCORED', 'SCORED']);
    expect(events.items[2]).toMatchObject({ name: 'Spring Slam', date: '2024-03-03', season: 2024, matchCount: 11 });
    expect(events.nextToken).toBeNull();
  });

  it('pages with limit and nextToken, in the same order', async () => {
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const { events }: any = await api.data('p1', EVENTS, { l: 2, t: token });
      expect(events.items.length).toBeLessThanOrEqual(2);
      seen.push(...events.items.map((e: { id: string }) => e.id));
      token = events.nextToken;
      pages += 1;
    } while (token);
    expect(seen).toEqual([e3, e2, e1]);
    expect(pages).toBeGreaterThanOrEqual(2);
  });

  it.each([0, -1, 101])('refuses limit %i with a ValidationError', async (limit) => {
    const res = await api.request('p1', EVENTS, { l: limit });
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', path: ['events'] });
  });

  it('refuses a forged nextToken with a clear error', async () => {
    const res = await api.request('p1', EVENTS, { l: 1, t: 'bm90LWEtcmVhbC10b2tlbg' });
    expect(res.data).toBeNull();
    expect(res.errors?.[0].errorType).toBeTruthy();
    expect(res.errors?.[0].message).toMatch(/token/i);
  });

  it('needs a signed-in user', async () => {
    const res = await api.request(null, EVENTS, {});
    expect(res.status).toBe(401);
    expect(res.errors?.[0].errorType).toBe('UnauthorizedException');
  });
});

describe('eventCard', () => {
  const CARD = `query($e: ID!, $l: Int, $t: String) { eventCard(eventId: $e) {
    event { id state }
    matches { id position name points result }
    myPrediction { userId picks { matchId team } points correct rank }
    leaderboard(limit: $l, nextToken: $t) { items { userId displayName points correct rank } nextToken } } }`;

  it('shows an upcoming card in card order with only my own picks, and no leaderboard', async () => {
    const { eventCard } = await api.data('p2', CARD, { e: e3 });
    expect(eventCard.event).toEqual({ id: e3, state: 'UPCOMING' });
    expect(eventCard.matches.map((m: { id: string }) => m.id)).toEqual(e3Matches);
    expect(eventCard.matches.map((m: { position: number }) => m.position)).toEqual([1, 2, 3]);
    expect(eventCard.myPrediction.userId).toBe(sub.p2);
    expect(eventCard.myPrediction.picks).toEqual(
      e3Matches.map((matchId, i) => ({ matchId, team: [1, 2].includes(i) ? 0 : 1 })),
    );
    expect(eventCard.myPrediction.points).toBeNull();
    expect(eventCard.leaderboard).toBeNull();
  });

  it('shows no prediction to a player who made none', async () => {
    const { eventCard } = await api.data('p4', CARD, { e: e3 });
    expect(eventCard.myPrediction).toBeNull();
  });

  it('keeps 11 matches in card order (positions 9, 10, 11 after 1..8)', async () => {
    const { eventCard } = await api.data('p1', CARD, { e: e1 });
    expect(eventCard.matches.map((m: { id: string }) => m.id)).toEqual(e1Matches);
    expect(eventCard.matches.map((m: { position: number }) => m.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(eventCard.matches.map((m: { points: number }) => m.points)).toEqual(E1_POINTS);
  });

  it('follows a reordered card without any sort key changing', async () => {
    const order = [e3Matches[2], e3Matches[0], e3Matches[1]];
    await asAdmin('mutation($e: ID!, $m: [ID!]!) { reorderCard(eventId: $e, matchIds: $m) { id } }', {
      e: e3,
      m: order,
    });
    const { eventCard } = await api.data('p1', CARD, { e: e3 });
    expect(eventCard.matches.map((m: { id: string }) => m.id)).toEqual(order);
    expect(eventCard.matches.map((m: { position: number }) => m.position)).toEqual([1, 2, 3]);
    await asAdmin('mutation($e: ID!, $m: [ID!]!) { reorderCard(eventId: $e, matchIds: $m) { id } }', {
      e: e3,
      m: e3Matches,
    });
  });

  it('shows results and the leaderboard once scored: points, then correct picks, ties share a rank', async () => {
    const { eventCard } = await api.data('p3', CARD, { e: e1 });
    expect(eventCard.event.state).toBe('SCORED');
    expect(eventCard.matches.every((m: { result: number }) => m.result === 0)).toBe(true);
    expect(eventCard.myPrediction).toMatchObject({ userId: sub.p3, points: 9, correct: 1, rank: 5 });
    const board = eventCard.leaderboard.items;
    expect(board.map((r: { userId: string }) => r.userId)).toEqual(E1_ORDER.map((p) => sub[p]));
    expect(board.map((r: { rank: number }) => r.rank)).toEqual(E1_RANKS);
    expect(board.map((r: { points: number }) => r.points)).toEqual([100, 10, 10, 10, 9, 8]);
    expect(board.map((r: { correct: number }) => r.correct)).toEqual([1, 2, 1, 1, 1, 8]);
    expect(board[0].displayName).toBe('Player p1');
  });

  it('keeps ranks right across leaderboard pages', async () => {
    const ranks: number[] = [];
    const users: string[] = [];
    let token: string | null = null;
    do {
      const { eventCard }: any = await api.data('p1', CARD, { e: e1, l: 2, t: token });
      expect(eventCard.leaderboard.items.length).toBeLessThanOrEqual(2);
      ranks.push(...eventCard.leaderboard.items.map((r: { rank: number }) => r.rank));
      users.push(...eventCard.leaderboard.items.map((r: { userId: string }) => r.userId));
      token = eventCard.leaderboard.nextToken;
    } while (token);
    expect(ranks).toEqual(E1_RANKS);
    expect(users).toEqual(E1_ORDER.map((p) => sub[p]));
  });

  it('is null for an unknown event and refuses an empty id', async () => {
    expect((await api.data('p1', CARD, { e: 'no-such-event' })).eventCard).toBeNull();
    const res = await api.request('p1', CARD, { e: '' });
    expect(res.errors?.[0].errorType).toBe('ValidationError');
  });

  it('refuses a leaderboard limit out of range', async () => {
    const res = await api.request('p1', CARD, { e: e1, l: 500 });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', path: ['eventCard', 'leaderboard'] });
  });
});

describe('standings', () => {
  const STANDINGS = `query($s: Int!, $l: Int, $t: String) { standings(season: $s, limit: $l, nextToken: $t) {
    items { season rank userId displayName points correct eventsPlayed } nextToken } }`;
  // After E2, p3 has 9 + 5 = 14 points over two events; p1 played E2 too but scored nothing.
  const ORDER = ['p1', 'p3', 'p6', 'p2', 'p5', 'p4'];

  it('ranks the season highest first, ties sharing a rank', async () => {
    const { standings } = await api.data('p2', STANDINGS, { s: 2024 });
    const items = standings.items;
    expect(items.map((s: { userId: string }) => s.userId)).toEqual(ORDER.map((p) => sub[p]));
    expect(items.map((s: { points: number }) => s.points)).toEqual([100, 14, 10, 10, 10, 8]);
    expect(items.map((s: { rank: number }) => s.rank)).toEqual([1, 2, 3, 4, 4, 6]);
    expect(items.map((s: { eventsPlayed: number }) => s.eventsPlayed)).toEqual([2, 2, 1, 1, 1, 1]);
    expect(items[1]).toMatchObject({ season: 2024, correct: 2, displayName: 'Player p3' });
  });

  it('keeps ranks right across pages', async () => {
    const ranks: number[] = [];
    let token: string | null = null;
    do {
      const { standings }: any = await api.data('p2', STANDINGS, { s: 2024, l: 4, t: token });
      ranks.push(...standings.items.map((s: { rank: number }) => s.rank));
      token = standings.nextToken;
    } while (token);
    expect(ranks).toEqual([1, 2, 3, 4, 4, 6]);
  });

  it('is empty for a season nobody played', async () => {
    const { standings } = await api.data('p2', STANDINGS, { s: 2025 });
    expect(standings).toEqual({ items: [], nextToken: null });
  });

  it.each([0, 99, 10000])('refuses season %i', async (season) => {
    const res = await api.request('p2', STANDINGS, { s: season });
    expect(res.errors?.[0].errorType).toBe('ValidationError');
  });
});

describe('userProfile', () => {
  const PROFILE = `query($u: ID, $l: Int, $t: String) { userProfile(userId: $u) {
    user { id displayName }
    standings { season rank points eventsPlayed }
    history(limit: $l, nextToken: $t) { items { eventId eventName eventDate points rank picks { matchId } } nextToken } } }`;

  it("shows the caller's own profile, standings and history newest first", async () => {
    const { userProfile } = await api.data('p1', PROFILE, {});
    expect(userProfile.user).toEqual({ id: sub.p1, displayName: 'Player p1' });
    expect(userProfile.standings).toEqual([{ season: 2024, rank: 1, points: 100, eventsPlayed: 2 }]);
    expect(userProfile.history.items.map((h: { eventId: string }) => h.eventId)).toEqual([e3, e2, e1]);
    expect(userProfile.history.items[2]).toMatchObject({
      eventName: 'Spring Slam',
      eventDate: '2024-03-03',
      points: 100,
      rank: 1,
    });
    expect(userProfile.history.items[0].points).toBeNull();
  });

  it('pages the history', async () => {
    const first = (await api.data('p1', PROFILE, { l: 2 })).userProfile.history;
    expect(first.items).toHaveLength(2);
    const second = (await api.data('p1', PROFILE, { l: 2, t: first.nextToken })).userProfile.history;
    expect(second.items.map((h: { eventId: string }) => h.eventId)).toEqual([e1]);
  });

  it("shows another player's profile", async () => {
    const { userProfile } = await api.data('p1', PROFILE, { u: sub.p3 });
    expect(userProfile.user.displayName).toBe('Player p3');
    expect(userProfile.standings[0]).toMatchObject({ rank: 2, points: 14, eventsPlayed: 2 });
  });

  it("keeps another player's picks private before the event's bell", async () => {
    const { userProfile } = await api.data('p1', PROFILE, { u: sub.p2 });
    const byEvent = Object.fromEntries(
      userProfile.history.items.map((h: { eventId: string; picks: unknown[] }) => [h.eventId, h.picks]),
    );
    // Another player's history hides an event until it locks.
    expect(byEvent[e3]).toBeUndefined();
    expect(byEvent[e1]).toHaveLength(E1_POINTS.length);
    const own = (await api.data('p2', PROFILE, {})).userProfile.history.items.find(
      (h: { eventId: string }) => h.eventId === e3,
    );
    expect(own.picks).toHaveLength(3);
  });

  it('gives a new player a default name, and is null for an unknown user', async () => {
    const { userProfile } = await api.data('newcomer', PROFILE, {});
    expect(userProfile.user.displayName).toBe('newcomer');
    expect(userProfile.standings).toEqual([]);
    expect(userProfile.history.items).toEqual([]);
    expect((await api.data('p1', PROFILE, { u: 'no-such-user' })).userProfile).toBeNull();
  });
});

describe('renaming', () => {
  it('shows a new display name at once in the profile, the history, the standing on it and the boards built before it', async () => {
    await api.data('p6', 'mutation($n: String!) { updateMyProfile(displayName: $n) { id } }', { n: 'The Renamed' });
    const { userProfile } = await api.data(
      'p6',
      '{ userProfile { user { displayName } standings { displayName } history { items { displayName } } } }',
    );
    expect(userProfile.user.displayName).toBe('The Renamed');
    expect(userProfile.standings).toEqual([{ displayName: 'The Renamed' }]);
    expect(userProfile.history.items.every((h: { displayName: string }) => h.displayName === 'The Renamed')).toBe(true);
    // A board's rows keep the name they were built with; a page reads its players' names now.
    const row = async () =>
      (
        await api.data(
          'p1',
          'query($e: ID!) { eventCard(eventId: $e) { leaderboard { items { userId displayName } } } }',
          { e: e1 },
        )
      ).eventCard.leaderboard.items.find((r: { userId: string }) => r.userId === sub.p6).displayName;
    expect(await row()).toBe('The Renamed');
    await asAdmin('mutation($e: ID!) { scoreEvent(eventId: $e) { predictionsScored } }', { e: e1 });
    expect(await row()).toBe('The Renamed');
  });
});
