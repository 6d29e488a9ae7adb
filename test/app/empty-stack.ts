/**
 * The setup the feature browser tests share: the run's one `npm start --in-memory --empty` (the demo
 * users, no demo season; empty-stack.global.ts), the admin's API calls, and signed-in Chromium pages
 * whose console errors are collected. Registers the file's afterAll: call it once at the top of a test file.
 */
import type { Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { graphqlData } from 'appsync-local';
import { DEMO_PASSWORD, demoEmail } from '../../scripts/local-user-pool.ts';
import { launchChromium, signInToApp, type Browser } from '../../scripts/app-browser.ts';
import type { SharedStack } from './empty-stack.global.ts';

export interface EmptyStack {
  /** The running stack. */
  readonly stack: SharedStack;
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
  const stack = inject('emptyStack');
  const browsers: Browser[] = [];
  const errors: string[] = [];
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
  });
  return {
    stack,
    errors,
    asAdmin: (query, variables = {}) => graphqlData(stack.apiUrl, stack.tokens.admin, query, variables),
    async openAs(username, options) {
      const browser = await launchChromium(options);
      browsers.push(browser);
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${username}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`${username}: ${e.message}`));
      await signInToApp(page, stack.appUrl, demoEmail(username), DEMO_PASSWORD);
      return page;
    },
  };
}
