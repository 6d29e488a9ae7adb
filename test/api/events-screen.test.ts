/**
 * The events screen's two reads: upcomingEvents (from yesterday on, soonest first, with the caller's
 * pick count) and events(before) (earlier days, newest first). A player sees no event whose card is
 * empty; an admin sees every one, and deletes an empty one (deleteEvent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { ADMIN, ADMIN_GROUPS, createCard, OP, tableSnapshot } from './mutations-fixtures.ts';

const DAY = 24 * 3600_000;
/** The UTC date `days` from today, and an instant on it at 20:00 UTC. */
const dayOf = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const at20 = (days: number) => `${dayOf(days)}T20:00:00.000Z`;

const UPCOMING = '{ upcomingEvents { event { id matchCount } myPickCount } }';
const PAST = 'query($b: AWSDate!) { events(before: $b, limit: 10) { items { id } nextToken } }';

let api: TestApi;
const ids: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi();
  for (const [name, days, matches] of [
    ['lastWeek', -7, 2],
    ['threeDaysAgo', -3, 2],
    ['today', 0, 3],
    ['inFortyDays', 40, 2],
    ['inFiveDays', 5, 2],
    ['emptyInTwoDays', 2, 0],
  ] as const) {
    // Tonight's bell an hour from now (its date today), so its picks are still open.
    const startsAt = name === 'today' ? new Date(Date.now() + 3600_000).toISOString() : at20(days);
    const event = await createCard(api, matches, startsAt, dayOf(days));
    ids[name] = event.id;
    if (name === 'today') {
      // The player picks 2 of tonight's 3 matches.
      await api.data('pia', OP.savePrediction, {
        e: event.id,
        p: event.matches.slice(0, 2).map((matchId) => ({ matchId, team: 0 })),
      });
    }
  }
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe('the events screen', () => {
  it("upcomingEvents: from yesterday on, soonest first, the player's pick count, no empty card", async () => {
    const { upcomingEvents } = await api.data('pia', UPCOMING);
    expect(upcomingEvents).toEqual([
      { event: { id: ids.today, matchCount: 3 }, myPickCount: 2 },
      { event: { id: ids.inFiveDays, matchCount: 2 }, myPickCount: 0 },
      { event: { id: ids.inFortyDays, matchCount: 2 }, myPickCount: 0 },
    ]);
  });

  it('an admin sees the empty event too, to build its card', async () => {
    const { upcomingEvents } = await api.data(ADMIN, UPCOMING, {}, ADMIN_GROUPS);
    expect(upcomingEvents.map((u: { event: { id: string } }) => u.event.id)).toEqual([
      ids.today,
      ids.emptyInTwoDays,
      ids.inFiveDays,
      ids.inFortyDays,
    ]);
    const { events } = await api.data(ADMIN, '{ events(limit: 10) { items { id } } }', {}, ADMIN_GROUPS);
    expect(events.items.map((e: { id: string }) => e.id)).toContain(ids.emptyInTwoDays);
    const mine = await api.data('pia', '{ events(limit: 10) { items { id } } }');
    expect(mine.events.items.map((e: { id: string }) => e.id)).not.toContain(ids.emptyInTwoDays);
  });

  it('events(before): the earlier days only, newest first', async () => {
    const { events } = await api.data('pia', PAST, { b: dayOf(-1) });
    expect(events).toEqual({ items: [{ id: ids.threeDaysAgo }, { id: ids.lastWeek }], nextToken: null });
    expect((await api.data('pia', PAST, { b: dayOf(-3) })).events.items).toEqual([{ id: ids.lastWeek }]);
    expect((await api.data('pia', PAST, { b: '2001-01-01' })).events.items).toEqual([]);
  });

  it('deleteEvent: an admin deletes an empty UPCOMING event; a card with matches or a player is refused, writing nothing', async () => {
    const DELETE = 'mutation($e: ID!) { deleteEvent(eventId: $e) { id matchCount } }';
    const before = await tableSnapshot(api);
    expect((await api.request(ADMIN, DELETE, { e: ids.inFiveDays }, ADMIN_GROUPS)).errors?.[0]?.errorType).toBe(
      'ValidationError',
    );
    expect((await api.request('pia', DELETE, { e: ids.emptyInTwoDays })).errors?.[0]?.errorType).toBe('Unauthorized');
    expect(await tableSnapshot(api)).toEqual(before);
    expect((await api.data(ADMIN, DELETE, { e: ids.emptyInTwoDays }, ADMIN_GROUPS)).deleteEvent).toEqual({
      id: ids.emptyInTwoDays,
      matchCount: 0,
    });
    const { upcomingEvents } = await api.data(ADMIN, UPCOMING, {}, ADMIN_GROUPS);
    expect(upcomingEvents.map((u: { event: { id: string } }) => u.event.id)).not.toContain(ids.emptyInTwoDays);
    const card = await api.data(ADMIN, 'query($e: ID!) { eventCard(eventId: $e) { event { id } } }', {
      e: ids.emptyInTwoDays,
    });
    expect(card.eventCard).toBeNull();
    expect((await api.request(ADMIN, DELETE, { e: ids.emptyInTwoDays }, ADMIN_GROUPS)).errors?.[0]?.errorType).toBe(
      'NotFound',
    );
  });
});
