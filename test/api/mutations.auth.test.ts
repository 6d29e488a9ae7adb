/**
 * Authorization of every mutation: a guest (no token) gets HTTP 401, a player gets Unauthorized on the
 * admin mutations, and a refused call writes nothing. Players act only as themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import {
  ADMIN,
  ADMIN_GROUPS,
  createCard,
  inOneHour,
  matchInput,
  OP,
  setState,
  tableSnapshot,
} from './mutations-fixtures.ts';

let api: TestApi;
let open: { id: string; matches: string[] };
let live: { id: string; matches: string[] };

beforeAll(async () => {
  api = await startTestApi();
  open = await createCard(api, 3);
  live = await createCard(api, 1);
  await setState(api, live.id, 'BROADCAST');
}, 120_000);

afterAll(async () => {
  await api?.close();
});

/** Valid arguments for each admin mutation, in an order in which an admin can run them all. */
const ADMIN_CALLS: [name: keyof typeof OP, vars: () => Record<string, unknown>][] = [
  ['createEvent', () => ({ i: { name: 'Auth Matrix Rumble', date: '2031-01-01', startsAt: inOneHour() } })],
  ['updateEvent', () => ({ i: { id: open.id, name: 'Renamed Event' } })],
  ['updateMatch', () => ({ e: open.id, m: open.matches[0], i: matchInput(1, 3) })],
  ['reorderCard', () => ({ e: open.id, m: [...open.matches].reverse() })],
  ['removeMatch', () => ({ e: open.id, m: open.matches[1] })],
  ['addMatch', () => ({ e: open.id, i: matchInput(9) })],
  ['setMatchResult', () => ({ e: live.id, m: live.matches[0], w: 1 })],
  ['scoreEvent', () => ({ e: live.id })],
];

const PLAYER_CALLS: [name: keyof typeof OP, vars: () => Record<string, unknown>][] = [
  ['savePrediction', () => ({ e: open.id, p: [{ matchId: open.matches[0], team: 0 }] })],
  ['updateMyProfile', () => ({ n: 'Somebody' })],
];

describe('a guest (no token)', () => {
  it.each([...ADMIN_CALLS, ...PLAYER_CALLS])('is refused %s with HTTP 401 and nothing written', async (name, vars) => {
    const before = await tableSnapshot(api);
    const res = await api.request(null, OP[name], vars());
    expect(res.status).toBe(401);
    expect(res.data).toBeNull();
    expect(res.errors?.[0].errorType).toBe('UnauthorizedException');
    expect(await tableSnapshot(api)).toBe(before);
  });

  it('is refused with a forged token too', async () => {
    const before = await tableSnapshot(api);
    const res = await fetch(api.app.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' },
      body: JSON.stringify({ query: OP.updateMyProfile, variables: { n: 'x' } }),
    });
    expect(res.status).toBe(401);
    expect(await tableSnapshot(api)).toBe(before);
  });
});

describe('a player who is not an admin', () => {
  it.each(ADMIN_CALLS)('is refused %s with Unauthorized and nothing written', async (name, vars) => {
    const before = await tableSnapshot(api);
    const res = await api.request('player-1', OP[name], vars());
    expect(res.data).toBeNull();
    expect(res.errors).toHaveLength(1);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', path: [name] });
    expect(await tableSnapshot(api)).toBe(before);
  });

  it('is refused even when claiming a group other than admin', async () => {
    const before = await tableSnapshot(api);
    const res = await api.request('player-1', OP.createEvent, ADMIN_CALLS[0][1](), ['admins', 'Admin']);
    expect(res.errors?.[0].errorType).toBe('Unauthorized');
    expect(await tableSnapshot(api)).toBe(before);
  });
});

describe('players act only as themselves', () => {
  it('saves a prediction under the caller’s own id, leaving another player’s alone', async () => {
    const [m0, m1] = open.matches;
    const a = await api.data('player-a', OP.savePrediction, { e: open.id, p: [{ matchId: m0, team: 0 }] });
    const b = await api.data('player-b', OP.savePrediction, {
      e: open.id,
      p: [
        { matchId: m0, team: 1 },
        { matchId: m1, team: 1 },
      ],
    });
    expect(a.savePrediction.userId).not.toBe(b.savePrediction.userId);

    const cardA = (await api.data('player-a', OP.eventCard, { e: open.id })).eventCard;
    const cardB = (await api.data('player-b', OP.eventCard, { e: open.id })).eventCard;
    expect(cardA.myPrediction).toMatchObject({ userId: a.savePrediction.userId, picks: [{ matchId: m0, team: 0 }] });
    expect(cardB.myPrediction).toMatchObject({
      userId: b.savePrediction.userId,
      picks: [
        { matchId: m0, team: 1 },
        { matchId: m1, team: 1 },
      ],
    });
  });

  it('renames only the caller', async () => {
    const a = await api.data('player-a', OP.updateMyProfile, { n: '  Alpha  ' });
    await api.data('player-b', OP.updateMyProfile, { n: 'Bravo' });
    expect(a.updateMyProfile.displayName).toBe('Alpha');
    const profileA = (await api.data('player-a', OP.userProfile)).userProfile;
    const profileB = (await api.data('player-b', OP.userProfile)).userProfile;
    expect(profileA.user).toEqual({ id: a.updateMyProfile.id, displayName: 'Alpha' });
    expect(profileB.user.displayName).toBe('Bravo');
  });

  it('lets an admin play too, as themselves', async () => {
    const res = await api.data(ADMIN, OP.savePrediction, { e: open.id, p: [] }, ADMIN_GROUPS);
    const { userProfile } = await api.data(ADMIN, OP.userProfile, {}, ADMIN_GROUPS);
    expect(res.savePrediction.userId).toBe(userProfile.user.id);
  });
});

describe('an admin', () => {
  it.each(ADMIN_CALLS)('may run %s', async (name, vars) => {
    const res = await api.request(ADMIN, OP[name], vars(), ADMIN_GROUPS);
    expect(res.errors).toBeUndefined();
    expect(res.data?.[name]).toBeTruthy();
  });
});
