/**
 * Input hardening end to end: names stored in NFC, an event's new name reaching its histories (the
 * event item alone is written), id arguments bounded, and a nextToken replayed on another query.
 */
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wiring } from '../../amplify/data/wiring.ts';
import { TABLE } from '@pickem/domain/entities/table';
import { MAX_ID_LENGTH } from '@pickem/domain/limits';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { ADMIN, ADMIN_GROUPS, createCard, OP, tableSnapshot } from './mutations-fixtures.ts';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('names', () => {
  it('stores names in NFC, and checks the length after composing', async () => {
    const decomposed = 'Cafe\u0301 Cla\u0301sh';
    const { createEvent } = await api.data(
      ADMIN,
      OP.createEvent,
      { i: { name: decomposed, date: '2031-02-02', startsAt: '2031-02-02T20:00:00Z' } },
      ADMIN_GROUPS,
    );
    expect(createEvent.name).toBe('Café Clásh');
    expect(createEvent.name).toBe(decomposed.normalize('NFC'));
    // 100 composed characters are 200 UTF-16 units before NFC: accepted.
    const long = 'e\u0301'.repeat(40);
    const { updateMyProfile } = await api.data('nfc-player', OP.updateMyProfile, { n: long });
    expect(updateMyProfile.displayName).toBe('é'.repeat(40));
  });

  it('keeps zero-width joiners inside a visible name (emoji sequences)', async () => {
    const name = 'Team \u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    const { updateMyProfile } = await api.data('emoji-player', OP.updateMyProfile, { n: name });
    expect(updateMyProfile.displayName).toBe(name);
  });
});

describe('renaming an event', () => {
  it('writes the event alone, and histories show the new name', async () => {
    const event = await createCard(api, 1);
    const players = ['fan-a', 'fan-b', 'fan-c'];
    for (const p of players)
      await api.data(p, OP.savePrediction, { e: event.id, p: [{ matchId: event.matches[0], team: 0 }] });
    const before: Record<string, { S: string }>[] = JSON.parse(await tableSnapshot(api));
    await api.data(ADMIN, OP.updateEvent, { i: { id: event.id, name: 'Renamed Rumble' } }, ADMIN_GROUPS);
    const after: Record<string, { S: string }>[] = JSON.parse(await tableSnapshot(api));
    const changed = after
      .filter((item, i) => JSON.stringify(item) !== JSON.stringify(before[i]))
      .map((item) => `${item[TABLE.pk].S}|${item[TABLE.sk].S}`);
    expect(after).toHaveLength(before.length);
    expect(changed).toEqual([`EVENT#${event.id}|EVENT`]);
    for (const p of players) {
      const { userProfile } = await api.data(p, 'query { userProfile { history { items { eventId eventName } } } }');
      expect(userProfile.history.items).toContainEqual({ eventId: event.id, eventName: 'Renamed Rumble' });
    }
  });

  it('writes nothing when the name is the same', async () => {
    const event = await createCard(api, 1);
    await api.data('fan-d', OP.savePrediction, { e: event.id, p: [{ matchId: event.matches[0], team: 0 }] });
    const { eventCard } = await api.data('fan-d', OP.eventCard, { e: event.id });
    const before = await tableSnapshot(api);
    await api.data(ADMIN, OP.updateEvent, { i: { id: event.id, name: eventCard.event.name } }, ADMIN_GROUPS);
    expect(await tableSnapshot(api)).toBe(before);
  });
});

describe('id arguments', () => {
  const tooLong = 'x'.repeat(MAX_ID_LENGTH + 1);

  it.each([
    ['eventCard', 'query($e: ID!) { eventCard(eventId: $e) { event { id } } }', { e: tooLong }],
    ['userProfile', 'query($u: ID) { userProfile(userId: $u) { user { id } } }', { u: tooLong }],
    ['userProfile', 'query($u: ID) { userProfile(userId: $u) { user { id } } }', { u: 'y'.repeat(600_000) }],
  ])('%s refuses an over-long id (case %#)', async (field, query, vars) => {
    const res = await api.request('reader', query, vars);
    expect(res.data).toEqual({ [field]: null });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', path: [field] });
    expect(res.errors?.[0].message).toMatch(String(MAX_ID_LENGTH));
  });

  it('still answers an id at the limit', async () => {
    const res = await api.request('reader', 'query($e: ID!) { eventCard(eventId: $e) { event { id } } }', {
      e: 'x'.repeat(MAX_ID_LENGTH),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ eventCard: null });
  });
});

describe('the API limits', () => {
  it('let the standard introspection query through (the explorer builds its schema from it)', async () => {
    expect(wiring.limits?.introspection).toBe(true);
    const res = await api.request('reader', getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }));
    expect(res.errors).toBeUndefined();
    expect(res.data).toHaveProperty('__schema.queryType.name', 'Query');
  });
});

describe('nextToken', () => {
  it("of the events list, replayed on the standings, is refused as not a page of the season's board", async () => {
    for (const n of [1, 2]) {
      await api.data(
        ADMIN,
        OP.createEvent,
        { i: { name: `Token Event ${n}`, date: `2031-03-0${n}`, startsAt: `2031-03-0${n}T20:00:00Z` } },
        ADMIN_GROUPS,
      );
    }
    const { events } = await api.data('reader', 'query { events(limit: 1) { items { id } nextToken } }');
    expect(events.nextToken).toEqual(expect.any(String));
    const res = await api.request(
      'reader',
      'query($t: String) { standings(season: 2031, limit: 1, nextToken: $t) { items { userId } } }',
      { t: events.nextToken },
    );
    expect(res.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      path: ['standings'],
      message: expect.stringContaining('nextToken'),
    });
  });
});
