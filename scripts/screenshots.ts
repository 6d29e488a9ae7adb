/**
 * `npm run screenshots`: the web app's main screens (a league's belt, chart and chat included) at a
 * small phone's size (360 × 800), from headless Chromium on `npm start -- --in-memory` (the demo
 * season), into docs/screenshots/*.png, each in the light theme and in the dark one (`<name>-dark.png`).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../project.ts';
import { launchChromium, signInToApp } from './app-browser.ts';
import { demoSeasons } from './demo/leagues.ts';
import { DEMO_PASSWORD, demoEmail } from './local-user-pool.ts';
import { npmStart } from './start-child.ts';

const out = path.join(repoRoot, 'docs/screenshots');
mkdirSync(out, { recursive: true });
const stack = await npmStart(['--in-memory']);
const browser = await launchChromium({ viewport: { width: 360, height: 800 } });
try {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  /** `name`.png and `name`-dark.png: the whole page, or what the phone's screen shows (`screen`). */
  const shot = async (p: Page, name: string, screen = false) => {
    await p.waitForLoadState('networkidle');
    for (const [colorScheme, file] of [
      ['light', `${name}.png`],
      ['dark', `${name}-dark.png`],
    ] as const) {
      await p.emulateMedia({ colorScheme });
      await p.screenshot({ path: path.join(out, file), fullPage: !screen });
      console.log(`docs/screenshots/${file}`);
    }
    await p.emulateMedia({ colorScheme: 'light' });
  };
  await page.goto(stack.appUrl);
  await page.locator('input[name=username]').waitFor();
  await shot(page, 'sign-in');

  await signInToApp(page, stack.appUrl, demoEmail('player01'), DEMO_PASSWORD);
  await page.getByRole('link', { name: /AEW/ }).first().waitFor();
  await shot(page, 'events');
  await page.getByRole('link', { name: /AEW Full Gear/ }).click();
  await page.getByTestId('leaderboard').waitFor();
  await shot(page, 'live-event');
  await page.goto(`${stack.appUrl}#/standings`);
  // The season it opens on is today's, which has no scored event yet: the demo's 2024 season has standings.
  await page.getByLabel('Season').selectOption({ label: demoSeasons()[0].name });
  await page.locator('tbody tr').first().waitFor();
  await shot(page, 'standings');
  await page.getByRole('link', { name: 'Leagues' }).click();
  await page.getByRole('link', { name: /Tag Team Titans/ }).click();
  await page.getByTestId('league-board').waitFor();
  await shot(page, 'league');
  const code = (await page.getByTestId('league-code').textContent())!;
  await page.goto(`${stack.appUrl}join/${code}`);
  await page.getByTestId('league-preview').waitFor();
  await shot(page, 'invite');
  // All In Crew (player01 commissions it): its 2024 season is played, so the belt has a title history,
  // the chart a line per member, and the chat the demo's messages.
  await page.goto(`${stack.appUrl}#/leagues`);
  await page.getByRole('link', { name: /All In Crew/ }).click();
  await page.getByTestId('league-chart').locator('.recharts-line').first().waitFor();
  // The README's picture of it, as the phone's screen shows it: the table, then the chart (under the sticky menu).
  await page.getByRole('heading', { name: 'Table', exact: true }).evaluate((table) => {
    const menu = document.querySelector('.topbar')?.getBoundingClientRect().height ?? 0;
    window.scrollTo(0, table.getBoundingClientRect().top + window.scrollY - menu - 8);
  });
  await shot(page, 'league-chart', true);
  await page.getByRole('button', { name: 'Title history' }).click();
  await page.getByTestId('league-lineage').locator('li').first().waitFor();
  await shot(page, 'league-season');
  await page.getByRole('tab', { name: /^Chat/ }).click();
  await page.getByTestId('chat-message').first().waitFor();
  await shot(page, 'league-chat');
  await page.goto(`${stack.appUrl}#/player`);
  await page.getByRole('heading', { name: 'History' }).waitFor();
  await page.getByTestId('season-chart').locator('.recharts-bar-rectangle').first().waitFor();
  await shot(page, 'profile');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInToApp(page, stack.appUrl, demoEmail('admin'), DEMO_PASSWORD);
  await page.goto(`${stack.appUrl}#/admin`);
  await page.getByTestId('admin-event').first().waitFor();
  await shot(page, 'admin-events');
  await page.goto(stack.appUrl);
  await page.getByRole('link', { name: /AEW Worlds End/ }).click();
  await page.getByRole('heading', { name: 'Build the card' }).waitFor();
  await shot(page, 'card-builder');
} finally {
  await browser.close();
  await stack.stop();
}
