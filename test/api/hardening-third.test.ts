/**
 * The third hardening pass ("Hardening, third pass"), through the API on DynamoDB Local: a removed
 * member is banned from walking back in; a rung bell cannot be moved; names from the token pass the
 * text rules; another player's history hides events before their bell; wrong invite codes are
 * throttled per player. Every refusal is checked to write nothing (the whole table before and after).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlRequest, loadOrCreateSigningKey, signToken } from 'appsync-local';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { LEAGUE_OP, refusal, subsOf } from './leagues-fixtures.ts';
import { ADMIN, ADMIN_GROUPS, OP, createCard, tableSnapshot } from './mutations-fixtures.ts';

let api: TestApi;
let keyDir: string;
const SEASON = '2034-01-01-hardening';

beforeAll(async () => {
  keyDir = mkdtempSync(path.join(tmpdir(), 'pickem-test-key-'));
  api = await startTestApi({ keyDir });
  await api.data(
    ADMIN,
    LEAGUE_OP.createSeason,
    { i: { name: 'Hardening', startDate: '2034-01-01', endDate: '2034-12-31' } },
    ADMIN_GROUPS,
  );
});
afterAll(async () => {
  await api?.app.settled();
  await api?.close();
});

/** An ID token for `username` with extra claims (signed with the local key, as Cognito's ID tokens carry preferred_username). */
function idToken(username: string, claims: Record<string, unknown>): string {
  const key = loadOrCreateSigningKey(keyDir);
  const [header, payload] = signToken(key, { username, use: 'id' }).split('.');
  const body = Buffer.from(
    JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ...claims }),
  ).toString('base64url');
  const input = `${header}.${body}`;
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), key.privateKey).toString('base64url')}`;
}

describe('7. names from the token pass the text rules', () => {
  const BAD = `Champ\u202e\u200b\u0007${'x'.repeat(503)}`;

  it('savePrediction and createLeague store the next default (the username), not a 511-character name with U+202E, U+200B and BEL', async () => {
    expect(BAD.length).toBe(511);
    const card = await createCard(api, 1);
    const saved = await graphqlRequest(
      api.app.url,
      idToken('token-name-1', { preferred_username: BAD }),
      OP.savePrediction,
      { e: card.id, p: [{ matchId: card.matches[0], team: 0 }] },
    );
    expect(saved.errors).toBeUndefined();
    const name = (saved.data as any).savePrediction.displayName as string;
    // The next source, the username (locally not the sub; with email sign-in it is, and the name is "Player <8 of the sub>").
    expect(name).toBe('token-name-1');

    const created = await graphqlRequest(
      api.app.url,
      idToken('token-name-2', { preferred_username: BAD }),
      LEAGUE_OP.create,
      { i: { name: 'Token names', seasonId: SEASON } },
    );
    expect(created.errors).toBeUndefined();
    const snapshot = await tableSnapshot(api);
    expect(snapshot).not.toContain('\u202e');
    expect(snapshot).not.toContain('\u200b');
    expect(snapshot).not.toContain('x'.repeat(41));
  });

  it('a preferred_username that passes the rules is stored as updateMyProfile would store it', async () => {
    const card = await createCard(api, 1);
    const saved = await graphqlRequest(
      api.app.url,
      idToken('token-name-3', { preferred_username: '  The Nature Boy  ' }),
      OP.savePrediction,
      { e: card.id, p: [{ matchId: card.matches[0], team: 1 }] },
    );
    expect((saved.data as any).savePrediction.displayName).toBe('The Nature Boy');
  });
});

describe('6. a rung bell cannot be un-rung', () => {
  const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

  it('updateEvent refuses to move the bell of an event whose bell has rung (BellRung), and writes nothing', async () => {
    const rung = await createCard(api, 1, minutesFromNow(-5));
    const live = await createCard(api, 1, minutesFromNow(30));
    await api.data(ADMIN, OP.updateEvent, { i: { id: live.id, state: 'BROADCAST' } }, ADMIN_GROUPS);
    const before = await tableSnapshot(api);
    expect(
      await refusal(api, ADMIN, OP.updateEvent, { i: { id: rung.id, startsAt: minutesFromNow(60) } }, ADMIN_GROUPS),
    ).toBe('BellRung');
    expect(
      await refusal(api, ADMIN, OP.updateEvent, { i: { id: rung.id, startsAt: minutesFromNow(-1) } }, ADMIN_GROUPS),
    ).toBe('BellRung');
    expect(
      await refusal(api, ADMIN, OP.updateEvent, { i: { id: live.id, startsAt: minutesFromNow(60) } }, ADMIN_GROUPS),
    ).toBe('BellRung');
    const response = await api.request(
      ADMIN,
      OP.updateEvent,
      { i: { id: rung.id, startsAt: minutesFromNow(60) } },
      ADMIN_GROUPS,
    );
    expect(response.errors?.[0]?.message).toMatch(/bell/i);
    expect(await tableSnapshot(api)).toBe(before);
    // A rename is no move of the bell.
    expect(
      (await api.data(ADMIN, OP.updateEvent, { i: { id: rung.id, name: `${rung.id} renamed` } }, ADMIN_GROUPS))
        .updateEvent.startsAt,
    ).toBe(rung.startsAt);
  });

  it('the bell of an event whose bell has not rung still moves', async () => {
    const soon = await createCard(api, 1, minutesFromNow(30));
    const later = minutesFromNow(90);
    expect(
      (await api.data(ADMIN, OP.updateEvent, { i: { id: soon.id, startsAt: later } }, ADMIN_GROUPS)).updateEvent
        .startsAt,
    ).toBe(later);
  });
});

const UNBAN = `mutation($l: ID!, $u: ID!) { unbanLeagueMember(leagueId: $l, userId: $u) { id memberCount } }`;

describe('5. a removed member does not walk back in', () => {
  it('joinLeague refuses a player the commissioner removed (Banned) until the commissioner lifts it; nothing written', async () => {
    const sub = await subsOf(api, ['ban-boss', 'ban-kicked', 'ban-leaver']);
    const { createLeague: league } = await api.data('ban-boss', LEAGUE_OP.create, {
      i: { name: 'Bans', seasonId: SEASON },
    });
    await api.data('ban-kicked', LEAGUE_OP.join, { c: league.inviteCode });
    await api.data('ban-leaver', LEAGUE_OP.join, { c: league.inviteCode });
    await api.data('ban-boss', LEAGUE_OP.remove, { l: league.id, u: sub['ban-kicked'] });

    // Leaving on one's own bans nothing.
    await api.data('ban-leaver', LEAGUE_OP.leave, { l: league.id });
    expect((await api.data('ban-leaver', LEAGUE_OP.join, { c: league.inviteCode })).joinLeague.memberCount).toBe(2);

    const before = await tableSnapshot(api);
    const walkBack = await api.request('ban-kicked', LEAGUE_OP.join, { c: league.inviteCode });
    expect(walkBack.errors?.[0]).toMatchObject({
      errorType: 'Banned',
      message: 'You were removed from this league; ask its commissioner.',
    });
    expect(await refusal(api, 'ban-leaver', UNBAN, { l: league.id, u: sub['ban-kicked'] })).toBe('NotCommissioner');
    expect(await refusal(api, 'ban-kicked', UNBAN, { l: league.id, u: sub['ban-kicked'] })).toBe('NotCommissioner');
    expect(await refusal(api, 'ban-boss', UNBAN, { l: league.id, u: sub['ban-leaver'] })).toBe('NotFound');
    expect(await tableSnapshot(api)).toBe(before);

    expect((await api.data('ban-boss', UNBAN, { l: league.id, u: sub['ban-kicked'] })).unbanLeagueMember).toEqual({
      id: league.id,
      memberCount: 2,
    });
    expect((await api.data('ban-kicked', LEAGUE_OP.join, { c: league.inviteCode })).joinLeague.memberCount).toBe(3);
  });
});

describe('10. wrong invite codes are throttled per player', () => {
  it('after 5 wrong codes in a minute a player gets TooManyAttempts, even for a right code; another player is not blocked', async () => {
    const { createLeague: league } = await api.data('throttle-boss', LEAGUE_OP.create, {
      i: { name: 'Throttle', seasonId: SEASON },
    });
    const { createLeague: closed } = await api.data('throttle-boss', LEAGUE_OP.create, {
      i: { name: 'Closed', seasonId: SEASON },
    });
    await api.data('throttle-boss', LEAGUE_OP.update, { i: { id: closed.id, joinsOpen: false } });
    // Five wrong codes must fall in one minute's window: start away from a minute's end.
    while (new Date().getUTCSeconds() > 50) await new Promise((r) => setTimeout(r, 1000));
    for (let n = 0; n < 5; n += 1)
      expect(await refusal(api, 'guesser', LEAGUE_OP.join, { c: `ZZZZZ-ZZZZ${n}` })).toBe('InvalidCode');

    const before = await tableSnapshot(api);
    const sixth = await api.request('guesser', LEAGUE_OP.join, { c: 'ZZZZZ-ZZZZ9' });
    expect(sixth.errors?.[0]).toMatchObject({
      errorType: 'TooManyAttempts',
      message: 'Too many wrong codes. Try again in a minute.',
    });
    expect(await refusal(api, 'guesser', LEAGUE_OP.join, { c: league.inviteCode })).toBe('TooManyAttempts');
    // A right code of a closed league must not tell itself apart from a wrong one while throttled.
    expect(await refusal(api, 'guesser', LEAGUE_OP.join, { c: closed.inviteCode })).toBe('TooManyAttempts');
    expect(await tableSnapshot(api)).toBe(before);

    // Someone else's wrong codes never block a right code.
    expect((await api.data('bystander', LEAGUE_OP.join, { c: league.inviteCode })).joinLeague.memberCount).toBe(2);
  });
});

describe("8. another player's history hides an event until it locks", () => {
  const HISTORY =
    'query($u: ID, $l: Int, $t: String) { userProfile(userId: $u) { history(limit: $l, nextToken: $t) { items { eventId picks { matchId team } } nextToken } } }';
  const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

  async function pages(viewer: string, userId: string, limit: number) {
    const out: string[][] = [];
    let token: string | null = null;
    do {
      const page: { items: { eventId: string }[]; nextToken: string | null } = (
        await api.data(viewer, HISTORY, { u: userId, l: limit, t: token })
      ).userProfile.history;
      out.push(page.items.map((i) => i.eventId));
      token = page.nextToken;
    } while (token !== null && out.length < 10);
    return out;
  }

  it('shows the owner every prediction, and another player only those whose event has locked, in full pages', async () => {
    const [owner] = Object.values(await subsOf(api, ['hist-owner']));
    // Five events, newest date first: upcoming, locked, upcoming, locked, locked.
    const dates = ['2030-09-05', '2030-09-04', '2030-09-03', '2030-09-02', '2030-09-01'];
    const events = [];
    for (const date of dates) events.push(await createCard(api, 1, inMs(3_600_000), date));
    for (const e of events)
      await api.data('hist-owner', OP.savePrediction, { e: e.id, p: [{ matchId: e.matches[0], team: 0 }] });
    const locked = [events[1], events[3], events[4]];
    const bell = Date.now() + 1_500;
    for (const e of locked)
      await api.data(ADMIN, OP.updateEvent, { i: { id: e.id, startsAt: new Date(bell).toISOString() } }, ADMIN_GROUPS);
    await new Promise((r) => setTimeout(r, Math.max(0, bell - Date.now()) + 100));

    expect((await pages('hist-owner', owner, 2)).flat()).toEqual(events.map((e) => e.id));
    // Another player: the locked ones alone, every page but the last full.
    expect(await pages('hist-viewer', owner, 2)).toEqual([[locked[0].id, locked[1].id], [locked[2].id]]);
    expect(await pages('hist-viewer', owner, 1)).toEqual([[locked[0].id], [locked[1].id], [locked[2].id]]);
    expect((await pages('hist-viewer', owner, 20)).flat()).toEqual(locked.map((e) => e.id));
    // A cursor is the last shown prediction's key; anything else is refused.
    expect(
      await refusal(api, 'hist-viewer', HISTORY, {
        u: owner,
        l: 2,
        t: Buffer.from('history:USER#x').toString('base64'),
      }),
    ).toBe('ValidationError');
  });
});
