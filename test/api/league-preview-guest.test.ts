/**
 * leaguePreview for a signed-out guest (an invite link opened before signing in): the API key reaches
 * that one field and nothing else, and guests' wrong codes are capped between all of them
 * (JOIN_ATTEMPTS.maxWrongGuests a minute), no header giving a guest a fresh count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_ATTEMPTS } from '@pickem/domain/entities/league';
import { LOCAL_API_KEY } from '../../scripts/local-appsync-options.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { LEAGUE_OP } from './leagues-fixtures.ts';
import { ADMIN, ADMIN_GROUPS, tableSnapshot } from './mutations-fixtures.ts';

const PREVIEW = `query($c: String!) { leaguePreview(code: $c) {
  name season { id name } commissionerName memberCount joinsOpen
} }`;
const SEASON_ID = '2035-01-01-guest-cup';

interface GuestResponse {
  status: number;
  data: Record<string, unknown> | null;
  errors?: { errorType?: string; message: string }[];
}

let api: TestApi;
let league: { id: string; inviteCode: string };

async function asGuest(
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<GuestResponse> {
  const res = await fetch(api.app.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': LOCAL_API_KEY, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as Omit<GuestResponse, 'status'>;
  return { status: res.status, ...body };
}

beforeAll(async () => {
  api = await startTestApi();
  await api.data(
    ADMIN,
    LEAGUE_OP.createSeason,
    { i: { name: 'Guest Cup', startDate: '2035-01-01', endDate: '2035-06-30' } },
    ADMIN_GROUPS,
  );
  await api.data('rhea', LEAGUE_OP.whoAmI, { n: 'Rhea' });
  league = (await api.data('rhea', LEAGUE_OP.create, { i: { name: 'Guest Night', seasonId: SEASON_ID } })).createLeague;
});
afterAll(async () => {
  await api?.close();
});

describe('leaguePreview for a signed-out guest', () => {
  it("shows the league's name, season, commissioner and member count, and writes nothing", async () => {
    const before = await tableSnapshot(api);
    const res = await asGuest(PREVIEW, { c: league.inviteCode });
    expect(res.errors).toBeUndefined();
    expect(res.data?.leaguePreview).toEqual({
      name: 'Guest Night',
      season: { id: SEASON_ID, name: 'Guest Cup' },
      commissionerName: 'Rhea',
      memberCount: 1,
      joinsOpen: true,
    });
    expect(await tableSnapshot(api)).toEqual(before);
  });

  it.each([
    ['league', `query($l: ID!) { league(leagueId: $l) { id name } }`, { l: 'x' }],
    ['myLeagues', LEAGUE_OP.mine, {}],
    ['eventCard', `query { eventCard(eventId: "e1") { event { id } } }`, {}],
    ['events', `query { events { items { id } } }`, {}],
    ['joinLeague', LEAGUE_OP.join, { c: 'ABCDE-FGHJK' }],
  ])('is refused %s (Unauthorized)', async (_name, query, variables) => {
    const res = await asGuest(query, variables);
    expect(res.errors?.[0]?.errorType).toBe('Unauthorized');
    expect(res.data === null || Object.values(res.data).every((v) => v === null)).toBe(true);
  });

  it('a wrong key is refused before any field', async () => {
    const res = await asGuest(PREVIEW, { c: league.inviteCode }, { 'x-api-key': 'da2-not-the-key' });
    expect(res.status).toBe(401);
  });

  it('wrong codes are capped between all guests: then even a right code is TooManyAttempts, and nothing else is written', async () => {
    for (let i = 0; i < JOIN_ATTEMPTS.maxWrongGuests; i++) {
      // A different forwarded address each time changes nothing: guests share one count.
      const res = await asGuest(
        PREVIEW,
        { c: `ZZZZZ-ZZZ${String(i).padStart(2, '0')}` },
        { 'x-forwarded-for': `10.0.0.${i}` },
      );
      expect(res.errors?.[0]?.errorType).toBe('InvalidCode');
    }
    const before = await tableSnapshot(api);
    expect((await asGuest(PREVIEW, { c: 'ZZZZZ-ZZZYY' })).errors?.[0]?.errorType).toBe('TooManyAttempts');
    expect((await asGuest(PREVIEW, { c: league.inviteCode })).errors?.[0]?.errorType).toBe('TooManyAttempts');
    expect(await tableSnapshot(api)).toEqual(before);
    // A signed-in player is counted on their own.
    expect((await api.data('vic', PREVIEW, { c: league.inviteCode })).leaguePreview).toMatchObject({
      name: 'Guest Night',
    });
  });
});
