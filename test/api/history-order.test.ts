/**
 * A player's history, newest day first and a day's predictions by their event's bell, latest first
 * (as the events list), across pages of any size, following a bell that moves (the prediction items
 * keep their keys: the order is read from the events), and for another player only what has locked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subFor } from 'appsync-local';
import { startTestApi, type TestApi } from '../support/local-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const asAdmin = (q: string, v: Record<string, unknown>) => api.data('admin-1', q, v, ['admin']);
const HOUR = 3600_000;

interface Made {
  id: string;
  date: string;
  startsAt: string;
}

async function create(name: string, date: string, hoursAhead: number): Promise<Made> {
  const startsAt = new Date(Date.now() + hoursAhead * HOUR).toISOString();
  const { createEvent } = await asAdmin('mutation($i: CreateEventInput!) { createEvent(input: $i) { id } }', {
    i: { name, date, startsAt },
  });
  const { addMatch } = await asAdmin('mutation($e: ID!, $i: MatchInput!) { addMatch(eventId: $e, input: $i) { id } }', {
    e: createEvent.id,
    i: { points: 5, teams: [{ members: [`${name} A`] }, { members: [`${name} B`] }] },
  });
  await api.data('p1', 'mutation($e: ID!, $p: [PickInput!]!) { savePrediction(eventId: $e, picks: $p) { userId } }', {
    e: createEvent.id,
    p: [{ matchId: addMatch.id, team: 0 }],
  });
  return { id: createEvent.id, date, startsAt };
}

/** Every page of p1's history as `viewer` sees it, with `limit` a page. */
async function pages(viewer: string, limit: number) {
  const seen: string[][] = [];
  let nextToken: string | null = null;
  do {
    const data: { userProfile: { history: { items: { eventId: string }[]; nextToken: string | null } } } =
      await api.data(
        viewer,
        'query($u: ID, $l: Int, $t: String) { userProfile(userId: $u) { history(limit: $l, nextToken: $t) { items { eventId } nextToken } } }',
        { u: subFor('p1'), l: limit, t: nextToken },
      );
    seen.push(data.userProfile.history.items.map((i) => i.eventId));
    nextToken = data.userProfile.history.nextToken;
    expect(seen.length, 'pages').toBeLessThan(40);
  } while (nextToken !== null);
  return seen;
}

/** Newest day first, then latest bell first. */
const expected = (events: Made[]) =>
  [...events]
    .sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.startsAt < b.startsAt ? 1 : -1))
    .map((e) => e.id);

describe("a player's history", () => {
  let events: Made[];

  beforeAll(async () => {
    // Names chosen so that ids (the date and a slug of the name) sort unlike the bells within a day.
    const specs: [string, string, number][] = [
      ['Alpha Late', '2034-03-01', 9],
      ['Bravo Early', '2034-03-01', 2],
      ['Charlie Mid', '2034-03-01', 5],
      ['Delta Latest', '2034-03-01', 11],
      ['Echo Second', '2034-03-01', 3],
      ['Foxtrot Mid', '2034-03-01', 6],
      ['Golf First', '2034-03-01', 1],
      ['Zulu Next Day', '2034-03-02', 4],
      ['Able Next Day', '2034-03-02', 7],
      ['Yankee Day Before', '2034-02-28', 8],
      ['Baker Day Before', '2034-02-28', 10],
    ];
    events = [];
    for (const [name, date, hours] of specs) events.push(await create(name, date, hours));
  }, 120_000);

  it("orders a day's predictions by bell across pages of any size, each prediction once", async () => {
    const want = expected(events);
    for (const limit of [1, 2, 3, 5, 20]) {
      const seen = await pages('p1', limit);
      expect(seen.flat(), `limit ${limit}`).toEqual(want);
      for (const page of seen.slice(0, -1)) expect(page.length, `limit ${limit}`).toBeGreaterThan(0);
      for (const page of seen) expect(page.length).toBeLessThanOrEqual(limit);
    }
  });

  it('follows a bell that moves, with no prediction rewritten', async () => {
    const golf = events.find((e) => e.id.includes('golf'))!;
    const startsAt = new Date(Date.now() + 12 * HOUR).toISOString();
    await asAdmin('mutation($i: UpdateEventInput!) { updateEvent(input: $i) { id } }', {
      i: { id: golf.id, startsAt },
    });
    golf.startsAt = startsAt;
    expect((await pages('p1', 2)).flat()).toEqual(expected(events));
  });

  it('shows another player only the predictions whose events have locked, in the same order', async () => {
    expect((await pages('p2', 2)).flat()).toEqual([]);
    const locked = events.filter((e) => /charlie|echo|able/.test(e.id));
    for (const e of locked)
      await asAdmin('mutation($i: UpdateEventInput!) { updateEvent(input: $i) { id } }', {
        i: { id: e.id, state: 'BROADCAST' },
      });
    for (const limit of [1, 2, 20])
      expect((await pages('p2', limit)).flat(), `limit ${limit}`).toEqual(expected(locked));
  });
});
