/**
 * The commissioner's nudge and the league's season as a chart in the web app (issue 41), in headless
 * Chromium at 360 px on the demo season `npm start` loads: the commissioner of Tag Team Titans sees,
 * for a new event nobody has picked, whom the nudge reaches and how, and nudges once; a member (in
 * the dark theme) finds the notice on the events screen and dismisses it; All In Crew's page draws
 * each member's line over the 2024 season (light, and dark for another member), with its text
 * alternative. No page scrolls sideways.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData } from 'appsync-local';
import { DEMO_PASSWORD, demoEmail } from '../../scripts/local-user-pool.ts';
import { launchChromium, signInToApp, skipBrowserTests, type Browser } from '../../scripts/app-browser.ts';
import { npmStart, type NpmStart } from '../../scripts/start-child.ts';
import { championText, reignText, streakText, trophiesText } from '@pickem/client/honours';
import type { Award } from '@pickem/client/graphql/types';

const PHONE = { width: 360, height: 780 };
const EVENT = 'Nudge Night';
let stack: NpmStart;
const browsers: Browser[] = [];
const errors: string[] = [];

const asAdmin = <T = any>(query: string, variables: Record<string, unknown> = {}) =>
  graphqlData<T>(stack.apiUrl, stack.tokens.admin, query, variables);

async function openAs(username: string, colorScheme: 'light' | 'dark'): Promise<Page> {
  const browser = await launchChromium({ viewport: PHONE, colorScheme });
  browsers.push(browser);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('pageerror', (e) => errors.push(`${username}: ${e.message}`));
  await signInToApp(page, stack.appUrl, demoEmail(username), DEMO_PASSWORD);
  return page;
}

async function openLeague(page: Page, name: string) {
  await page.goto(`${stack.appUrl}#/leagues`);
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await page.getByRole('heading', { name }).waitFor();
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

beforeAll(async () => {
  stack = await npmStart(['--in-memory', '--no-watch']);
}, 300_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await stack?.stop();
});

describe.skipIf(skipBrowserTests)("the commissioner's nudge and the league chart at 360 px", () => {
  let boss: Page;
  let member: Page;

  beforeAll(async () => {
    // Tonight's new event of the Autumn Rumble season (around today): nobody has picked it yet.
    const startsAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const { createEvent } = await asAdmin('mutation ($i: CreateEventInput!) { createEvent(input: $i) { id } }', {
      i: { name: EVENT, date: startsAt.slice(0, 10), startsAt },
    });
    await asAdmin('mutation ($e: ID!, $i: MatchInput!) { addMatch(eventId: $e, input: $i) { id } }', {
      e: createEvent.id,
      i: { points: 1, teams: [{ members: ['Orange Cassidy'] }, { members: ['Kyle Fletcher'] }] },
    });
    [boss, member] = await Promise.all([openAs('player01', 'light'), openAs('player02', 'dark')]);
  }, 120_000);

  it('says whom the nudge reaches before it is sent, then nudges once', async () => {
    await openLeague(boss, 'Tag Team Titans');
    const panel = boss.getByTestId('missing-picks');
    await panel.getByRole('heading', { name: `Not picked yet for ${EVENT}` }).waitFor();
    // The commissioner has not picked it either: six members, the commissioner among them.
    expect(await panel.getByRole('listitem').count()).toBe(6);
    const button = panel.getByRole('button', { name: /^Nudge 6 members \((\d by email|in the app only)\)$/ });
    await button.waitFor();
    await panel.scrollIntoViewIfNeeded();
    await boss.screenshot({ path: 'build/screenshots/league-nudge-before-360.png' });
    await button.click();
    await expect.poll(() => panel.getByRole('status').textContent()).toMatch(/^Nudged 6 members in the app/);
    expect(await panel.getByRole('button', { name: /^Nudge/ }).count()).toBe(0);
    await boss.reload();
    await boss
      .getByTestId('missing-picks')
      .getByText(/^You nudged them at .+\. One nudge per event\.$/)
      .waitFor();
    expect(await sideways(boss)).toBe(false);
  }, 90_000);

  it('shows the member the notice on the events screen until it is dismissed', async () => {
    // The member's page opened on the events screen before the nudge: read it again.
    await member.goto(`${stack.appUrl}#/`);
    await member.reload();
    const notice = member.getByTestId('nudges').getByRole('status');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(
      new RegExp(`^.+, your commissioner of Tag Team Titans, nudged you: pick ${EVENT} before the bell\\.Dismiss$`),
    );
    expect(await sideways(member)).toBe(false);
    await member.screenshot({ path: 'build/screenshots/events-nudge-360-dark.png' });
    await notice.getByRole('button', { name: 'Dismiss the nudge from Tag Team Titans' }).click();
    await expect.poll(() => member.getByTestId('nudges').count()).toBe(0);
    await member.reload();
    await member.getByRole('heading', { name: 'Events' }).waitFor();
    await member.getByText(EVENT).first().waitFor();
    expect(await member.getByTestId('nudges').count()).toBe(0);
  }, 90_000);

  it("draws each member's line over the league's season, with words for screen readers", async () => {
    // All In Crew: player01 (its commissioner) and player07..12, over the 2024 season's four scored events.
    const crew = await openAs('player07', 'dark');
    for (const [page, theme] of [
      [boss, 'light'],
      [crew, 'dark'],
    ] as const) {
      await openLeague(page, 'All In Crew');
      const chart = page.getByTestId('league-chart');
      await chart.waitFor({ timeout: 20_000 });
      const words = await chart.getByRole('img', { name: /^All In Crew/ }).getAttribute('aria-label');
      expect(words).toMatch(/^All In Crew, season points after .+: .+ \d+/);
      expect((words ?? '').split('; after ')).toHaveLength(4);
      expect(await chart.locator('.recharts-line').count()).toBe(7);
      expect(await sideways(page)).toBe(false);
      await chart.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `build/screenshots/league-chart-360-${theme}.png` });
    }
    expect(errors).toEqual([]);
  }, 120_000);

  it("shows the league's belt and its title history, and a profile's streak and trophies, as the API has them", async () => {
    const crewId = (
      await graphqlData<{ myLeagues: { id: string; name: string }[] }>(
        stack.apiUrl,
        stack.tokens.player,
        '{ myLeagues { id name } }',
      )
    ).myLeagues.find((l) => l.name === 'All In Crew')!.id;
    const { league } = await asAdmin<{
      league: { champion: Reign; lineage: { items: Reign[] } };
    }>(
      'query ($l: ID!) { league(leagueId: $l) { champion { displayName wonAtName defenses } lineage { items { displayName wonAtName defenses } } } }',
      { l: crewId },
    );
    // The demo's belt changed hands at least twice (test/api/demo-season.test.ts checks the reigns themselves).
    expect(league.lineage.items.length).toBeGreaterThanOrEqual(3);
    await openLeague(boss, 'All In Crew');
    expect(await boss.getByTestId('league-champion').textContent()).toBe(championText(league.champion));
    await boss.getByRole('button', { name: 'Title history' }).click();
    await expect
      .poll(() => boss.getByTestId('league-lineage').getByRole('listitem').allTextContents())
      .toEqual(league.lineage.items.map(reignText));
    expect(await sideways(boss)).toBe(false);
    await boss.getByTestId('league-belt').screenshot({ path: 'build/screenshots/league-belt-360.png' });

    const { userProfile } = await graphqlData<{
      userProfile: { streak: { current: number; best: number }; trophies: { award: Award; count: number }[] };
    }>(stack.apiUrl, stack.tokens.player, '{ userProfile { streak { current best } trophies { award count } } }');
    await boss.goto(`${stack.appUrl}#/player`);
    expect(await boss.getByTestId('streak').textContent()).toBe(streakText(userProfile.streak));
    expect(await boss.getByTestId('trophies').textContent()).toBe(
      trophiesText(userProfile.trophies) ?? 'None yet: a top score, a perfect card or the boldest call wins one.',
    );
    expect(await sideways(boss)).toBe(false);
    await boss.screenshot({ path: 'build/screenshots/profile-honours-360.png' });
    expect(errors).toEqual([]);
  }, 90_000);
});

type Reign = { displayName: string; wonAtName: string; defenses: number };
