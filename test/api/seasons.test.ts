/**
 * Seasons through the API: calendar years need no admin step; an admin defines named seasons; an
 * event counts in every season containing its date; a window cannot move over an event that has gone
 * live (SeasonLocked, nothing written); standings take exactly one of season / seasonId.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { ADMIN, ADMIN_GROUPS, OP, createCard, setState, tableSnapshot } from './mutations-fixtures.ts';

let api: TestApi;
const asAdmin = (q: string, v: Record<string, unknown> = {}) => api.data(ADMIN, q, v, ADMIN_GROUPS);

const SEASON_FIELDS = 'id name startDate endDate';
const CREATE = `mutation($i: CreateSeasonInput!) { createSeason(input: $i) { ${SEASON_FIELDS} } }`;
const UPDATE = `mutation($i: UpdateSeasonInput!) { updateSeason(input: $i) { ${SEASON_FIELDS} } }`;
const SEASONS = `query { seasons { ${SEASON_FIELDS} } }`;
const STANDINGS =
  'query($s: Int, $id: ID) { standings(season: $s, seasonId: $id) { items { seasonId season rank userId points correct eventsPlayed } } }';

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('seasons', () => {
  it('admins define named seasons; the list is newest first with the calendar years of events', async () => {
    const road = await asAdmin(CREATE, {
      i: { name: 'Road to WrestleMania 2031', startDate: '2031-01-31', endDate: '2031-04-18' },
    });
    expect(road.createSeason).toEqual({
      id: '2031-01-31-road-to-wrestlemania-2031',
      name: 'Road to WrestleMania 2031',
      startDate: '2031-01-31',
      endDate: '2031-04-18',
    });
    await createCard(api, 1, undefined, '2031-03-01');
    const { seasons } = await api.data('p1', SEASONS);
    expect(seasons.map((s: { id: string }) => s.id)).toEqual(['2031-01-31-road-to-wrestlemania-2031', '2031']);
    expect(seasons[1]).toEqual({ id: '2031', name: '2031', startDate: '2031-01-01', endDate: '2031-12-31' });
  });

  it('refuses a player, a duplicate, a reversed window and a calendar year, writing nothing', async () => {
    const before = await tableSnapshot(api);
    const input = { name: 'Road to WrestleMania 2031', startDate: '2031-01-31', endDate: '2031-04-18' };
    expect((await api.request('p1', CREATE, { i: input })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await api.request(ADMIN, CREATE, { i: input }, ADMIN_GROUPS)).errors?.[0].errorType).toBe('ConflictError');
    expect(
      (await api.request(ADMIN, CREATE, { i: { ...input, name: 'Other', endDate: '2031-01-01' } }, ADMIN_GROUPS))
        .errors?.[0].errorType,
    ).toBe('ValidationError');
    expect(
      (await api.request(ADMIN, UPDATE, { i: { id: '2031', name: 'Mine' } }, ADMIN_GROUPS)).errors?.[0].errorType,
    ).toBe('ValidationError');
    expect(
      (await api.request(ADMIN, UPDATE, { i: { id: 'nope', name: 'Mine' } }, ADMIN_GROUPS)).errors?.[0].errorType,
    ).toBe('NotFound');
    expect(await tableSnapshot(api)).toBe(before);
  });

  it('an event counts in its year and in the named season; a window cannot move over a live event', async () => {
    await asAdmin(CREATE, { i: { name: 'Spring', startDate: '2032-03-01', endDate: '2032-05-31' } });
    const card = await createCard(api, 2, undefined, '2032-04-01');
    await api.data('p1', OP.savePrediction, {
      e: card.id,
      p: [
        { matchId: card.matches[0], team: 0 },
        { matchId: card.matches[1], team: 0 },
      ],
    });
    await api.data('p2', OP.savePrediction, {
      e: card.id,
      p: [
        { matchId: card.matches[0], team: 1 },
        { matchId: card.matches[1], team: 0 },
      ],
    });
    // While UPCOMING the window may move (nothing is scored).
    await asAdmin(UPDATE, { i: { id: '2032-03-01-spring', endDate: '2032-06-30' } });
    await setState(api, card.id, 'BROADCAST');
    for (const m of card.matches) await asAdmin(OP.setMatchResult, { e: card.id, m, w: 0 });
    await asAdmin(OP.scoreEvent, { e: card.id });

    const byYear = (await api.data('p1', STANDINGS, { s: 2032 })).standings.items;
    const byId = (await api.data('p1', STANDINGS, { id: '2032-03-01-spring' })).standings.items;
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ seasonId: _id, ...rest }) => rest);
    expect(byYear.map((r: { seasonId: string }) => r.seasonId)).toEqual(['2032', '2032']);
    expect(byId.map((r: { seasonId: string }) => r.seasonId)).toEqual(['2032-03-01-spring', '2032-03-01-spring']);
    expect(strip(byId)).toEqual(strip(byYear));
    expect(byYear.map((r: { points: number; correct: number; rank: number }) => [r.points, r.correct, r.rank])).toEqual(
      [
        [20, 2, 1],
        [10, 1, 2],
      ],
    );

    const before = await tableSnapshot(api);
    const moved = await api.request(
      ADMIN,
      UPDATE,
      { i: { id: '2032-03-01-spring', startDate: '2032-04-02' } },
      ADMIN_GROUPS,
    );
    expect(moved.errors?.[0].errorType).toBe('SeasonLocked');
    const covering = await api.request(
      ADMIN,
      CREATE,
      { i: { name: 'Late', startDate: '2032-03-15', endDate: '2032-04-15' } },
      ADMIN_GROUPS,
    );
    expect(covering.errors?.[0].errorType).toBe('SeasonLocked');
    expect(await tableSnapshot(api)).toBe(before);
    // A rename, or a window change that no live event enters or leaves, is fine.
    expect(
      (await asAdmin(UPDATE, { i: { id: '2032-03-01-spring', name: 'Spring Break', endDate: '2032-07-31' } }))
        .updateSeason.name,
    ).toBe('Spring Break');
  });

  it('standings take exactly one of season and seasonId', async () => {
    expect((await api.request('p1', STANDINGS, {})).errors?.[0].errorType).toBe('ValidationError');
    expect((await api.request('p1', STANDINGS, { s: 2032, id: '2032' })).errors?.[0].errorType).toBe('ValidationError');
    expect((await api.data('p1', STANDINGS, { id: '2099' })).standings.items).toEqual([]);
  });
});
