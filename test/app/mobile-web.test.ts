/**
 * The React Native app's screens, seen: Expo's web target (react-native-web), exported once into
 * build/mobile-web (again only when its sources changed: scripts/mobile-web.ts), served with this run's
 * stack in place of the stand-in outputs it was built with, and opened in headless Chromium at 360 × 800.
 * A demo player signs in and visits the events list, the live event's card, the leagues, a league and
 * the profile; each screen shows the demo season's names and points, nothing scrolls sideways in the
 * light or the dark theme, no console errors, and each is saved as build/screenshots/mobile-<screen>.png
 * (and -dark.png).
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../project.ts';
import { launchChromium, skipBrowserTests, type Browser } from '../../scripts/app-browser.ts';
import { DEMO_PASSWORD, demoEmail } from '../../scripts/local-user-pool.ts';
import { mobileWebDir, standInOutputsFile, webBundleStale, withOutputs } from '../../scripts/mobile-web.ts';
import { npmStart, type NpmStart } from '../../scripts/start-child.ts';

const SHOTS = path.join(repoRoot, 'build/screenshots');

let stack: NpmStart;
let server: Server;
let url: string;
let browser: Browser;
let page: Page;
/** Every console error and uncaught exception of the page. */
const errors: string[] = [];

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
};

/** The web export on a free port, its script speaking to `outputs`' stack; any path that is no file is the app's page (a single-page app). */
async function serveApp(outputs: unknown): Promise<void> {
  const standIn = JSON.parse(readFileSync(standInOutputsFile, 'utf8'));
  const root = mobileWebDir;
  server = createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://web').pathname));
    const found = file.startsWith(root + path.sep) && existsSync(file) && statSync(file).isFile();
    const served = found ? file : path.join(root, 'index.html');
    const type = TYPES[path.extname(served)] ?? 'application/octet-stream';
    res.writeHead(200, { 'content-type': type });
    if (type !== 'text/javascript') return res.end(readFileSync(served));
    res.end(withOutputs(readFileSync(served, 'utf8'), standIn, outputs as never));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** The page's width beyond the viewport's: more than 0 scrolls sideways. */
const sideways = () =>
  page.evaluate(() => {
    const g = globalThis as unknown as { document: { documentElement: { scrollWidth: number } }; innerWidth: number };
    return g.document.documentElement.scrollWidth - g.innerWidth;
  });

/** Scrolls the screen (a React Native ScrollView, not the page) until `element` is at its top. */
const scrollToTop = (element: Locator) =>
  element.evaluate((node) =>
    (node as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'start' }),
  );

/** The screen in the light theme and in the dark one (the phone's setting, as the app follows it). */
async function shot(name: string) {
  await page.waitForLoadState('networkidle');
  for (const [colorScheme, file] of [
    ['light', `mobile-${name}.png`],
    ['dark', `mobile-${name}-dark.png`],
  ] as const) {
    await page.emulateMedia({ colorScheme });
    // React Native Web's useColorScheme follows the media query; two frames let the new theme paint.
    await page.evaluate(
      () =>
        new Promise((painted) => {
          const g = globalThis as unknown as { requestAnimationFrame(then: () => void): void };
          g.requestAnimationFrame(() => g.requestAnimationFrame(() => painted(null)));
        }),
    );
    expect(await sideways(), `${name} (${colorScheme}) scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, file), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe.skipIf(skipBrowserTests)('the React Native app on the web, at 360 × 800', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    if (webBundleStale()) {
      const built = spawnSync('npm', ['run', 'export:web', '-w', 'mobile'], { cwd: repoRoot, stdio: 'inherit' });
      if (built.status !== 0) throw new Error('npm run export:web -w mobile failed');
    }
    stack = await npmStart(['--in-memory', '--no-watch']);
    await serveApp(await (await fetch(new URL('amplify_outputs.json', stack.appUrl))).json());
    browser = await launchChromium({ viewport: { width: 360, height: 800 } });
    page = await browser.context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await stack?.stop();
  });

  it('signs a demo player in and shows the events', async () => {
    await page.goto(url);
    await page.getByPlaceholder(/password/i).waitFor();
    await shot('sign-in');
    await page.getByPlaceholder(/email/i).fill(demoEmail('player01'));
    await page.getByPlaceholder(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('tab', { name: 'Events' }).waitFor();
    await page
      .getByText(/AEW Full Gear/)
      .first()
      .waitFor();
    // The page's own address is the link that opened the app: it adds no Back to the first screen.
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await shot('events');
  });

  it("shows an event's card with its matches and points", async () => {
    await page
      .getByText(/AEW Full Gear/)
      .first()
      .click();
    await page.getByTestId('match').first().waitFor();
    expect(await page.getByTestId('leaderboard-row').first().textContent()).toMatch(/\d+/);
    await scrollToTop(page.getByTestId('match').first());
    await shot('event');
    await scrollToTop(page.getByTestId('leaderboard-row').first());
    await shot('event-board');
  });

  it('shows the leagues and a league table', async () => {
    await page.getByRole('tab', { name: 'Leagues' }).click();
    await page
      .getByText(/Tag Team Titans/)
      .first()
      .waitFor();
    await shot('leagues');
    await page
      .getByText(/Tag Team Titans/)
      .first()
      .click();
    await page.getByTestId('league-row').first().waitFor();
    expect(await page.getByTestId('league-row').first().textContent()).toMatch(/\d+/);
    await page.getByTestId('league-board-row').first().waitFor(); // the live event's board, within the league
    // Only the league's season's events are offered (AEW All In is 2024's).
    expect(await page.getByRole('button', { name: 'AEW All In' }).count()).toBe(0);
    await shot('league');
  });

  it("shows the player's profile", async () => {
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page
      .getByText(/History/)
      .first()
      .waitFor();
    await page.getByText(/^Road to All In 2024: #\d+/).waitFor(); // the season's name, not its id
    await page.getByText(/^Mar 3, 2024 · \d+ pts/).waitFor(); // AEW Revolution on its show's day, not when it was scored
    await shot('profile');
  });

  it('logs no console errors', () => {
    expect(errors).toEqual([]);
  });
});
