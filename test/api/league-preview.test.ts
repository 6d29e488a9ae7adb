/**
 * leaguePreview(code): what the invite page shows before Join (name, season, the commissioner's name
 * now, member count, whether joins are open; nothing else), and that a wrong code counts toward the
 * same throttle as joinLeague's (5 wrong codes a minute), so the preview is no faster way to guess.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { LEAGUE_OP, refusal } from './leagues-fixtures.ts';
import { ADMIN, ADMIN_GROUPS, tableSnapshot } from './mutations-fixtures.ts';

const PREVIEW = `query($c: String!) { leaguePreview(code: $c) {
  name season { id name } commissionerName memberCount joinsOpen
} }`;
const SEASON_ID = '2034-01-01-preview-cup';

let api: TestApi;
let league: { id: string; inviteCode: string };

beforeAll(async () => {
  api = await startTestApi();
  await api.data(
    ADMIN,
    LEAGUE_OP.createSeason,
    { i: { name: 'Preview Cup', startDate: '2034-01-01', endDate: '2034-06-30' } },
    ADMIN_GROUPS,
  );
  await api.data('rhea', LEAGUE_OP.whoAmI, { n: 'Rhea' });
  league = (await api.data('rhea', LEAGUE_OP.create, { i: { name: 'Tuesday Crew', seasonId: SEASON_ID } }))
    .createLeague;
  await api.data('tom', LEAGUE_OP.join, { c: league.inviteCode });
});
afterAll(async () => {
  await api?.close();
});

describe('leaguePreview', () => {
  it("shows a code's league to a player not in it, with the commissioner's name now, and writes nothing", async () => {
    await api.data('rhea', LEAGUE_OP.whoAmI, { n: 'Commissioner Rhea' });
    const before = await tableSnapshot(api);
    const typed = league.inviteCode.toLowerCase().replace('-', ' ');
    expect((await api.data('una', PREVIEW, { c: typed })).leaguePreview).toEqual({
      name: 'Tuesday Crew',
      season: { id: SEASON_ID, name: 'Preview Cup' },
      commissionerName: 'Commissioner Rhea',
      memberCount: 2,
      joinsOpen: true,
    });
    expect(await tableSnapshot(api)).toEqual(before);
  });

  it('answers no id, code or members: the type has no such field', async () => {
    const res = await api.request('una', `query($c: String!) { leaguePreview(code: $c) { id } }`, {
      c: league.inviteCode,
    });
    expect(res.errors?.[0]?.message).toMatch(/id/);
    const closed = await api.data('rhea', LEAGUE_OP.update, { i: { id: league.id, joinsOpen: false } });
    expect(closed.updateLeague.joinsOpen).toBe(false);
    expect((await api.data('una', PREVIEW, { c: league.inviteCode })).leaguePreview.joinsOpen).toBe(false);
  });

  it("a member's join again is AlreadyMember, naming the league in errorInfo so the app can open it", async () => {
    const res = await api.request('tom', LEAGUE_OP.join, { c: league.inviteCode });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'AlreadyMember', errorInfo: { leagueId: league.id } });
  });

  it('a wrong code is InvalidCode and counted: after 5 in a minute even a right code is TooManyAttempts', async () => {
    for (let i = 0; i < 5; i++)
      expect(await refusal(api, 'guess', PREVIEW, { c: `ZZZZZ-ZZZZ${i}` })).toBe('InvalidCode');
    expect(await refusal(api, 'guess', PREVIEW, { c: league.inviteCode })).toBe('TooManyAttempts');
    expect(await refusal(api, 'guess', LEAGUE_OP.join, { c: league.inviteCode })).toBe('TooManyAttempts');
    // Another player is not held back.
    expect((await api.data('vic', PREVIEW, { c: league.inviteCode })).leaguePreview.name).toBe('Tuesday Crew');
  });
});
