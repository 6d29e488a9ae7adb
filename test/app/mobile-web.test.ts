/**
 * The React Native app's screens, seen: Expo's web target (react-native-web) exported against the local
 * stack's outputs file (the app bundles it at build time, so the export runs here, after the stack is
 * up), served from a temporary folder and opened in headless Chromium at 360 × 800. A demo player signs
 * in and visits the events list, an event's card, the leagues, a league and the profile; each screen
 * shows the demo season's names and points, nothing scrolls sideways, and each is saved as
 * build/screenshots/mobile-<screen>.png (a few are copied into docs/screenshots/ for mobile/README.md).
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../project.ts';
import { launchChromium, skipBrowserTests, type Browser } from '../../scripts/app-browser.ts';
import { DEMO_PASSWORD, demoEmail } from '../../scripts/local-user-pool.ts';
import { npmStart, type NpmStart } from '../../scripts/start-child.ts';

const SHOTS = path.join(repoRoot, 'build/screenshots');
/** The screenshots mobile/README.md shows. */
const FOR_README = ['events', 'event', 'league', 'profile'];

let stack: NpmStart;
let server: Server;
let url: string;
let browser: Browser;
let page: Page;
let dir: string;

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
};

/** The exported folder on a free port; any path that is no file is the app's page (a single-page app). */
async function serveFolder(root: string): Promise<void> {
  server = createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://web').pathname));
    const found = file.startsWith(root + path.sep) && existsSync(file) && statSync(file).isFile();
    const served = found ? file : path.join(root, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(served)] ?? 'application/octet-stream' });
    res.end(readFileSync(served));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function shot(name: string) {
  await page.waitForLoadState('networkidle');
  const sideways = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } }; innerWidth: number }).document
        .documentElement.scrollWidth - (globalThis as unknown as { innerWidth: number }).innerWidth,
  );
  expect(sideways, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  const file = path.join(SHOTS, `mobile-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  if (FOR_README.includes(name)) copyFileSync(file, path.join(repoRoot, 'docs/screenshots', `mobile-${name}.png`));
}

describe.skipIf(skipBrowserTests)('the React Native app on the web, at 360 × 800', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stack = await npmStart(['--in-memory', '--no-watch']);
    dir = mkdtempSync(path.join(tmpdir(), 'pickem-mobile-web-'));
    const outputsFile = path.join(dir, 'amplify_outputs.json');
    writeFileSync(outputsFile, await (await fetch(new URL('amplify_outputs.json', stack.appUrl))).text());
    const started = Date.now();
    const exported = spawnSync('npm', ['run', 'export:web', '-w', 'mobile', '--', path.join(dir, 'web')], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, PICKEM_OUTPUTS: outputsFile },
    });
    if (exported.status !== 0) throw new Error('expo export --platform web failed');
    console.log(`mobile web export: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await serveFolder(path.join(dir, 'web'));
    browser = await launchChromium({ viewport: { width: 360, height: 800 } });
    page = await browser.context.newPage();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('signs a demo player in and shows the events', async () => {
    await page.goto(url);
    await page.getByPlaceholder(/email/i).fill(demoEmail('player01'));
    await page.getByPlaceholder(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('tab', { name: 'Events' }).waitFor();
    await page
      .getByText(/AEW Full Gear/)
      .first()
      .waitFor();
    await shot('events');
  });

  it("shows an event's card with its matches and points", async () => {
    await page
      .getByText(/AEW Full Gear/)
      .first()
      .click();
    await page.getByTestId('match').first().waitFor();
    expect(await page.getByTestId('leaderboard-row').first().textContent()).toMatch(/\d+/);
    await shot('event');
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
    await shot('league');
  });

  it("shows the player's profile", async () => {
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page
      .getByText(/History/)
      .first()
      .waitFor();
    await shot('profile');
  });
});
