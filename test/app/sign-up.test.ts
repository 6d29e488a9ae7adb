/**
 * Creating an account in the web app on the stack `npm start` runs (issue 41, bug 3), in headless
 * Chromium at a phone's width: the display name is asked on the first screen beside the email and
 * password; the code arrives in the local outbox (its page shows the email); entering it ends signed in (no second sign-in, no
 * request to verify the address again), and the chosen name is the player's name.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, skipBrowserTests, type Browser } from '../../scripts/app-browser.ts';
import { emailedCode } from '../../scripts/outbox-code.ts';

const stack = inject('emptyStack');
let browser: Browser;
let page: Page;
const errors: string[] = [];

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(skipBrowserTests)('creating an account', () => {
  const email = `newcomer-${Date.now()}@example.com`;
  const name = 'Rowdy Newcomer';

  beforeAll(async () => {
    browser = await launchChromium({ viewport: { width: 360, height: 800 } });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('pageerror', (e) => errors.push(e.message));
  });

  it('asks for a display name first and refuses a blank one', async () => {
    await page.goto(stack.appUrl);
    await page.getByRole('tab', { name: 'Create Account' }).click();
    const fields = page.locator('form[data-amplify-authenticator-signup] input');
    await expect.poll(() => fields.first().getAttribute('name')).toBe('preferred_username');
    await page.getByLabel('Display name').fill('   ');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Newcomer-pass-1');
    await page.getByLabel('Confirm Password').fill('Newcomer-pass-1');
    await expect.poll(() => page.getByText('Choose the name other players will see.').isVisible()).toBe(true);
  }, 60_000);

  it('ends signed in, with the chosen name, after the emailed code', async () => {
    await page.getByLabel('Display name').fill(name);
    await page.locator('form[data-amplify-authenticator-signup] button[type=submit]').click();
    const codeField = page.getByLabel('Confirmation Code');
    await codeField.waitFor();
    const outboxUrl = stack.outboxUrl;
    const code = await emailedCode(outboxUrl, email);
    // The outbox shows the email as a mail reader would: the code in the message's frame.
    const outbox = await browser.context.newPage();
    await outbox.goto(`${outboxUrl}/outbox`);
    await outbox.getByRole('row').filter({ hasText: email }).getByRole('link').click();
    await expect
      .poll(() => outbox.frameLocator('iframe[title="The message"]').locator('body').textContent())
      .toContain(code);
    await outbox.screenshot({ path: 'build/screenshots/outbox-message-360.png' });
    await outbox.close();
    await codeField.fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await page.getByText(/verified contact information|Account recovery/i).count()).toBe(0);
    await page.getByRole('link', { name: 'Me' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: /^Display name/ }).inputValue(), { timeout: 15_000 })
      .toBe(name);
    await page.screenshot({ path: 'build/screenshots/sign-up-360.png', fullPage: true });
    expect(errors).toEqual([]);
  }, 90_000);
});
