/**
 * The setup the feature browser tests share: `npm start --in-memory --empty` for the file (the demo
 * users, no demo season), the admin's API calls, and signed-in Chromium pages whose console errors are
 * collected. Registers the file's beforeAll/afterAll: call it once at the top of a test file.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { graphqlData } from 'appsync-local';
import { DEMO_PASSWORD, demoEmail } from '../../scripts/local-user-pool.ts';
import { launchChromium, signInToApp, type Browser } from '../../scripts/app-browser.ts';
import { npmStart, type NpmStart } from '../../scripts/start-child.ts';

export interface EmptyStack {
  /** The running stack (set once the file's beforeAll has run). */
  readonly stack: NpmStart;
  /** Console errors and uncaught page errors of every page opened, `username: message`. */
  readonly errors: string[];
  asAdmin<T = any>(query: string, variables?: Record<string, unknown>): Promise<T>;
  /** A Chromium page signed in as a demo user (player01, admin…). */
  openAs(
    username: string,
    options: { viewport: { width: number; height: number }; colorScheme?: 'light' | 'dark' },
  ): Promise<Page>;
}

export function emptyStack(): EmptyStack {
  let stack: NpmStart | undefined;
  const browsers: Browser[] = [];
  const errors: string[] = [];
  beforeAll(async () => {
    stack = await npmStart(['--in-memory', '--empty', '--no-watch']);
  }, 240_000);
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await stack?.stop();
  });
  const started = () => {
    if (!stack) throw new Error('the stack is not started yet: use it inside a test or hook');
    return stack;
  };
  return {
    get stack() {
      return started();
    },
    errors,
    asAdmin: (query, variables = {}) => graphqlData(started().apiUrl, started().tokens.admin, query, variables),
    async openAs(username, options) {
      const browser = await launchChromium(options);
      browsers.push(browser);
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${username}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`${username}: ${e.message}`));
      await signInToApp(page, started().appUrl, demoEmail(username), DEMO_PASSWORD);
      return page;
    },
  };
}
