/** Headless Chromium for the browser tests (the web app's, the explorer's), screenshots and benchmark: Debian's /usr/bin/chromium (CI installs it, .ci/run). */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from 'appsync-local/testing/chromium';

/** Skip page tests only where Chromium is missing outside CI; in CI a missing Chromium fails them. */
export const skipBrowserTests = !existsSync(CHROMIUM) && !process.env.CI;
if (skipBrowserTests) console.warn(`browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`);

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A headless Chromium with a fresh profile (removed on close); each call is a separate user. */
export async function launchChromium(
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`No Chromium at ${CHROMIUM}: CI installs it (.ci/run); apt-get install chromium`);
  const profile = mkdtempSync(path.join(tmpdir(), 'pickem-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: options.viewport,
    colorScheme: options.colorScheme,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in on the app's <Authenticator> and waits for the app's navigation. */
export async function signInToApp(page: Page, appUrl: string, email: string, password: string): Promise<void> {
  await page.goto(appUrl);
  await page.fill('input[name=username]', email);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/**
 * Clicks `first` (a button that asks once more) until `confirm` shows, then clicks `confirm`. On the
 * league page the first click was twice lost in CI (the question never showed; never on this machine):
 * the parts above the commissioner's tools arrive after the table, and a click as they arrive can land
 * elsewhere.
 */
export async function askThenConfirm(page: Page, first: Locator, confirm: Locator): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await confirm.count()) === 0) {
    if (Date.now() > deadline) throw new Error(`${String(confirm)} never showed after clicking ${String(first)}`);
    if ((await first.count()) === 1) await first.click();
    await page.waitForTimeout(500);
  }
  await confirm.click();
}
