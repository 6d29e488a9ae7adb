/**
 * The commissioner's nudge (issue 41): League.missingPicks says whom it reaches and how, nudgeLeague
 * reaches every member without a complete prediction in the app (UpcomingEvent.myNudges) and emails
 * those with email reminders on, once per league and event; a notice goes once its player has picked the
 * whole card or dismissed it, or once they are no longer in its league; a refusal writes nothing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { graphqlRequest, signToken } from 'appsync-local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localReminderOptions } from '../../scripts/local-reminders.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { LEAGUE_OP, subsOf } from './leagues-fixtures.ts';
import { ADMIN, ADMIN_GROUPS, OP, createCard, tableSnapshot } from './mutations-fixtures.ts';

const MISSING = `query($l: ID!, $e: ID!) { league(leagueId: $l) { missingPicks(eventId: $e) { id displayName byEmail } nudgedAt(eventId: $e) } }`;
const NUDGE = 'mutation($l: ID!, $e: ID!) { nudgeLeague(leagueId: $l, eventId: $e) { notified emailed } }';
const MINE = '{ upcomingEvents { event { id } myNudges { id leagueId leagueName byName nudgedAt } } }';
const DISMISS = 'mutation($id: ID!) { dismissNudge(id: $id) }';

let api: TestApi;
let leagueId: string;
let card: { id: string; matches: string[] };

async function optIn(username: string, email: boolean) {
  const token = signToken(api.app.key, { username, use: 'id', email: `${username}@example.com` });
  const set = `mutation($e: Boolean!) { updateReminders(email: $e, minutesBefore: 60) { id } }`;
  const res = await graphqlRequest(api.app.url, token, set, { e: email });
  expect(res.errors).toBeUndefined();
}

const pick = (name: string, matchIds: string[]) =>
  api.data(name, OP.savePrediction, { e: card.id, p: matchIds.map((matchId) => ({ matchId, team: 0 })) });

/** The caller's nudges on the card's event. */
async function nudgesOf(name: string) {
  const { upcomingEvents } = await api.data(name, MINE);
  const row = upcomingEvents.find((u: { event: { id: string } }) => u.event.id === card.id);
  return row.myNudges as { id: string; leagueId: string; leagueName: string; byName: string; nudgedAt: string }[];
}

beforeAll(async () => {
  api = await startTestApi({
    services: { port: 0, outboxDir: mkdtempSync(path.join(tmpdir(), 'pickem-outbox-')) },
    ...localReminderOptions({ appUrl: 'http://app.test', unsubscribeKey: 'test-key' }),
  });
  card = await createCard(api, 2, new Date(Date.now() + 7_200_000).toISOString());
  for (const name of ['Sam', 'done', 'half', 'none']) await api.data(name, LEAGUE_OP.whoAmI, { n: name });
  await optIn('half', true);
  await optIn('none', false);
  const { createLeague } = await api.data('Sam', LEAGUE_OP.create, { i: { name: 'Dynamite', seasonId: '2030' } });
  leagueId = createLeague.id;
  for (const name of ['done', 'half', 'none']) await api.data(name, LEAGUE_OP.join, { c: createLeague.inviteCode });
  await pick('Sam', card.matches);
  await pick('done', card.matches);
  await pick('half', card.matches.slice(0, 1));
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('the commissioner nudge', () => {
  it('says beforehand whom it reaches and whether by email; not nudged yet', async () => {
    const { league } = await api.data('Sam', MISSING, { l: leagueId, e: card.id });
    const rows = league.missingPicks.map((m: { displayName: string; byEmail: boolean }) => [m.displayName, m.byEmail]);
    expect(rows.sort()).toEqual([
      ['half', true],
      ['none', false],
    ]);
    expect(league.nudgedAt).toBeNull();
  });

  it('is refused to a member who is not the commissioner, and writes nothing', async () => {
    const before = await tableSnapshot(api);
    const refused = await api.request('done', NUDGE, { l: leagueId, e: card.id });
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'NotCommissioner' });
    const peek = await api.request('done', MISSING, { l: leagueId, e: card.id });
    expect(peek.errors?.[0]).toMatchObject({ errorType: 'NotCommissioner' });
    expect(await tableSnapshot(api)).toBe(before);
  });

  it('reaches every member without picks in the app, and emails those with reminders on', async () => {
    const { nudgeLeague } = await api.data('Sam', NUDGE, { l: leagueId, e: card.id });
    expect(nudgeLeague).toEqual({ notified: 2, emailed: 1 });
    for (const name of ['half', 'none']) {
      expect(await nudgesOf(name)).toEqual([
        expect.objectContaining({ leagueId, leagueName: 'Dynamite', byName: 'Sam' }),
      ]);
    }
    expect(await nudgesOf('done')).toEqual([]);
    expect(await nudgesOf('Sam')).toEqual([]);
    const { league } = await api.data('Sam', MISSING, { l: leagueId, e: card.id });
    expect(Date.parse(league.nudgedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('once per league and event: a second nudge is refused and writes nothing', async () => {
    const before = await tableSnapshot(api);
    const again = await api.request('Sam', NUDGE, { l: leagueId, e: card.id });
    expect(again.errors?.[0]).toMatchObject({ errorType: 'AlreadyNudged' });
    const admin = await api.request(ADMIN, NUDGE, { l: leagueId, e: card.id }, ADMIN_GROUPS);
    expect(admin.errors?.[0]).toMatchObject({ errorType: 'AlreadyNudged' });
    expect(await tableSnapshot(api)).toBe(before);
  });

  it('a notice goes once its player has picked the whole card, or dismissed it', async () => {
    await pick('half', card.matches);
    expect(await nudgesOf('half')).toEqual([]);
    const [notice] = await nudgesOf('none');
    expect((await api.data('none', DISMISS, { id: notice.id })).dismissNudge).toBe(true);
    expect(await nudgesOf('none')).toEqual([]);
    const bad = await api.request('none', DISMISS, { id: 'not-a-nudge' });
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
  });

  it('a notice goes once its player is no longer in its league: left, removed, or the league deleted', async () => {
    for (const name of ['Kim', 'leaver', 'kicked', 'stayer']) await api.data(name, LEAGUE_OP.whoAmI, { n: name });
    const sub = await subsOf(api, ['kicked']);
    const { createLeague } = await api.data('Kim', LEAGUE_OP.create, { i: { name: 'Short-lived', seasonId: '2030' } });
    const shortLived = createLeague.id;
    for (const name of ['leaver', 'kicked', 'stayer'])
      await api.data(name, LEAGUE_OP.join, { c: createLeague.inviteCode });
    await pick('Kim', card.matches);
    expect((await api.data('Kim', NUDGE, { l: shortLived, e: card.id })).nudgeLeague.notified).toBe(3);
    for (const name of ['leaver', 'kicked', 'stayer'])
      expect((await nudgesOf(name)).map((n) => n.leagueName)).toEqual(['Short-lived']);

    await api.data('leaver', LEAGUE_OP.leave, { l: shortLived });
    await api.data('Kim', LEAGUE_OP.remove, { l: shortLived, u: sub.kicked });
    expect(await nudgesOf('leaver')).toEqual([]);
    expect(await nudgesOf('kicked')).toEqual([]);
    expect((await nudgesOf('stayer')).map((n) => n.leagueName)).toEqual(['Short-lived']);

    await api.data('Kim', LEAGUE_OP.delete, { l: shortLived });
    expect(await nudgesOf('stayer')).toEqual([]);
  });
});
