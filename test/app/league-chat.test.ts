/**
 * The league chat in the web app (issue 43), in headless Chromium at 360 px on the stack `npm start`
 * runs: two members of one league (one in the light theme, one in the dark) on two pages. One posts;
 * the other, on the league's other tab, sees the chat tab's unread badge rise live and the leagues
 * list's badge, opens the chat (the badges go to 0) and answers, live on the first page; markup sent
 * as a message shows as literal text; a deleted message shows as removed to both. Skipped only where
 * Chromium is missing outside CI.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { skipBrowserTests } from '../../scripts/app-browser.ts';
import { emptyStack } from './empty-stack.ts';

const PHONE = { width: 360, height: 780 };
const LEAGUE = 'Chat League';
const HOSTILE = '<script>window.__chatXss = 1</script><img src=x onerror="window.__chatXss = 2">';
let league: { id: string; inviteCode: string };

const app = emptyStack();
const { asAdmin, errors } = app;

/** Joins the league by typing its code, as a friend sent it; lands on the league's page. */
async function join(page: Page) {
  await page.goto(`${app.stack.appUrl}#/leagues`);
  await page.getByLabel('Invite code').fill(league.inviteCode);
  await page.getByRole('button', { name: 'Join league' }).click();
  await page.getByRole('heading', { name: LEAGUE }).waitFor();
}

const messages = (page: Page) => page.getByTestId('chat-message');
const texts = (page: Page) => page.getByTestId('chat-text').allTextContents();
const markedRead = (page: Page) =>
  page.waitForResponse((r) => (r.request().postData() ?? '').includes('MarkLeagueReadOnly'));
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: /^Message/ }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await messages(page).filter({ hasText: text }).first().waitFor();
  expect(await page.getByRole('textbox', { name: /^Message/ }).inputValue()).toBe('');
}

describe.skipIf(skipBrowserTests)('two members chat live, in the web app at 360 px', () => {
  let a: Page;
  let b: Page;

  beforeAll(async () => {
    // The admin's event makes this year's season; the admin's league, which both players join.
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    await asAdmin('mutation ($i: CreateEventInput!) { createEvent(input: $i) { id } }', {
      i: { name: 'Chat Night', date: startsAt.slice(0, 10), startsAt },
    });
    const today = new Date().toISOString().slice(0, 10);
    const { seasons } = await asAdmin<{ seasons: { id: string; startDate: string; endDate: string }[] }>(
      '{ seasons { id startDate endDate } }',
    );
    const season = seasons.find((s) => s.startDate <= today && today <= s.endDate)!;
    league = (
      await asAdmin('mutation ($i: CreateLeagueInput!) { createLeague(input: $i) { id inviteCode } }', {
        i: { name: LEAGUE, seasonId: season.id },
      })
    ).createLeague;
    [a, b] = await Promise.all([
      app.openAs('player01', { viewport: PHONE, colorScheme: 'light' }),
      app.openAs('player02', { viewport: PHONE, colorScheme: 'dark' }),
    ]);
    await join(a);
    await join(b);
  }, 120_000);

  it("shows one member's message to the other live: an unread badge first, 0 once the chat is open", async () => {
    const tabs = (page: Page) => page.getByRole('tablist');
    // Both follow the chat from the league's page (b stays on the League tab).
    await expect.poll(() => tabs(b).getAttribute('data-chat-live'), { timeout: 20_000 }).toBe('live');
    await a.getByRole('tab', { name: /^Chat/ }).click();
    expect(await a.getByTestId('chat-empty').textContent()).toBe('No messages yet: say hello to your league.');
    expect(await a.getByTestId('chat-count').textContent()).toBe('500 of 500 characters left');
    await expect.poll(() => tabs(a).getAttribute('data-chat-live'), { timeout: 20_000 }).toBe('live');
    await send(a, 'Who takes the main event tonight?');

    await b.getByTestId('chat-unread').filter({ hasText: '1 new' }).waitFor({ timeout: 20_000 });
    await b.goto(`${app.stack.appUrl}#/leagues`);
    const listBadge = b.getByRole('link', { name: new RegExp(LEAGUE) }).getByTestId('league-unread');
    expect(await listBadge.textContent()).toBe('1 new');
    expect(await listBadge.getAttribute('aria-label')).toBe('1 unread message');
    await b.screenshot({ path: 'build/screenshots/league-chat-unread-360-dark.png', fullPage: true });

    await b.getByRole('link', { name: new RegExp(LEAGUE) }).click();
    await b.getByTestId('chat-unread').filter({ hasText: '1 new' }).waitFor();
    expect(await b.getByRole('tab', { name: /^Chat/ }).getAttribute('aria-selected')).toBe('false');
    await b.screenshot({ path: 'build/screenshots/league-chat-tab-unread-360-dark.png' });
    const read = markedRead(b);
    await b.getByRole('tab', { name: /^Chat/ }).click();
    await read;
    expect(await b.getByTestId('chat-unread').count()).toBe(0);
    expect(await texts(b)).toEqual(['Who takes the main event tonight?']);
    expect(await b.getByTestId('chat-author').allTextContents()).not.toContain('You');
    expect(await a.getByTestId('chat-author').allTextContents()).toEqual(['You']);

    await expect.poll(() => tabs(b).getAttribute('data-chat-live'), { timeout: 20_000 }).toBe('live');
    await send(b, 'Swerve, by a mile.');
    await messages(a).filter({ hasText: 'Swerve, by a mile.' }).waitFor({ timeout: 20_000 });
    expect(await texts(a)).toEqual(['Swerve, by a mile.', 'Who takes the main event tonight?']);
    // a's chat is open: what arrives is read at once, so neither badge counts it.
    expect(await a.getByTestId('chat-unread').count()).toBe(0);

    // Both read: the leagues list says 0 for b.
    await b.goto(`${app.stack.appUrl}#/leagues`);
    await b.getByRole('link', { name: new RegExp(LEAGUE) }).waitFor();
    expect(await b.getByTestId('league-unread').count()).toBe(0);
    await b.getByRole('link', { name: new RegExp(LEAGUE) }).click();
    await b.getByRole('tab', { name: /^Chat/ }).click();
    await messages(b).first().waitFor();
  }, 120_000);

  it('shows markup sent as a message as literal text, to both', async () => {
    await send(b, HOSTILE);
    await messages(a).filter({ hasText: HOSTILE }).waitFor({ timeout: 20_000 });
    for (const page of [a, b]) {
      expect((await texts(page))[0]).toBe(HOSTILE);
      expect(await page.locator('.chat-messages img, .chat-messages script').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __chatXss?: number }).__chatXss)).toBeUndefined();
    }
  }, 60_000);

  it('shows a message its author deleted as removed, to both; only the author may delete it', async () => {
    const first = (page: Page) => messages(page).filter({ hasText: 'Who takes the main event tonight?' });
    expect(
      await first(b)
        .getByRole('button', { name: /^Delete/ })
        .count(),
    ).toBe(0);
    await first(a)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await first(a).getByRole('button', { name: 'Yes, delete this message' }).click();
    for (const page of [a, b]) {
      const removed = messages(page).and(page.locator('[data-removed=true]'));
      await removed.waitFor({ timeout: 20_000 });
      expect(await removed.getByTestId('chat-text').textContent()).toBe('Message removed');
      expect(await texts(page)).not.toContain('Who takes the main event tonight?');
    }
    expect(await texts(b)).toEqual([HOSTILE, 'Swerve, by a mile.', 'Message removed']);
  }, 60_000);

  it('fits 360 px in both themes, with nothing logged as an error', async () => {
    for (const page of [a, b]) expect(await sideways(page)).toBe(false);
    await a.screenshot({ path: 'build/screenshots/league-chat-360.png', fullPage: true });
    await b.screenshot({ path: 'build/screenshots/league-chat-360-dark.png', fullPage: true });
    expect(errors).toEqual([]);
  });
});
