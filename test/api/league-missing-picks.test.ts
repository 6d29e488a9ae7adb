/** League.missingPicks: the commissioner (and admins) see which members have not finished picking, names only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { LEAGUE_OP } from './leagues-fixtures.ts';
import { ADMIN, ADMIN_GROUPS, OP, createCard, setState } from './mutations-fixtures.ts';

const MISSING = `query($l: ID!, $e: ID!) { league(leagueId: $l) { missingPicks(eventId: $e) { id displayName } } }`;

let api: TestApi;
let leagueId: string;
let card: { id: string; matches: string[] };
const sub: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi();
  card = await createCard(api, 2, undefined, '2034-03-01');
  for (const name of ['boss', 'done', 'half', 'none']) {
    const { updateMyProfile } = await api.data(name, LEAGUE_OP.whoAmI, { n: name });
    sub[name] = updateMyProfile.id;
  }
  const { createLeague } = await api.data('boss', LEAGUE_OP.create, { i: { name: 'Pickers', seasonId: '2034' } });
  leagueId = createLeague.id;
  for (const name of ['done', 'half', 'none']) await api.data(name, LEAGUE_OP.join, { c: createLeague.inviteCode });
  const save = (name: string, matchIds: string[]) =>
    api.data(name, OP.savePrediction, { e: card.id, p: matchIds.map((matchId) => ({ matchId, team: 0 })) });
  await save('boss', card.matches);
  await save('done', card.matches);
  await save('half', card.matches.slice(0, 1));
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('League.missingPicks', () => {
  it('names the members without a complete prediction, for the commissioner and admins', async () => {
    const names = (r: { league: { missingPicks: { id: string; displayName: string }[] } }) =>
      r.league.missingPicks.map((u) => u.displayName).sort();
    const { league } = await api.data('boss', MISSING, { l: leagueId, e: card.id });
    expect(league.missingPicks.map((u: { displayName: string }) => u.displayName).sort()).toEqual(['half', 'none']);
    expect(league.missingPicks.find((u: { displayName: string }) => u.displayName === 'half').id).toBe(sub.half);
    expect(names(await api.data(ADMIN, MISSING, { l: leagueId, e: card.id }, ADMIN_GROUPS))).toEqual(['half', 'none']);
  });

  it('is refused to a member who is not the commissioner', async () => {
    const res = await api.request('done', MISSING, { l: leagueId, e: card.id });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'NotCommissioner' });
  });

  it("refuses an event outside the league's season", async () => {
    const other = await createCard(api, 1, undefined, '2035-03-01');
    const res = await api.request('boss', MISSING, { l: leagueId, e: other.id });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
  });

  it('is empty once the bell has rung', async () => {
    await setState(api, card.id, 'BROADCAST');
    const { league } = await api.data('boss', MISSING, { l: leagueId, e: card.id });
    expect(league.missingPicks).toEqual([]);
  });
});
