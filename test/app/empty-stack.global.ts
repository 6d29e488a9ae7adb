/**
 * One `npm start --in-memory --empty` for every file of the `app-browser` project (vitest.config.ts),
 * started when the run has a file of that project and stopped after the last: each file makes its own
 * events, leagues and users on it, so they can share it, and the run pays for one start, not one a file.
 */
import type { TestProject } from 'vitest/node';
import { outboxUrlOf } from '../../scripts/outbox-code.ts';
import { npmStart } from '../../scripts/start-child.ts';

/** What a file needs of the running stack: its URLs and the demo player's and admin's tokens. */
export interface SharedStack {
  appUrl: string;
  apiUrl: string;
  outboxUrl: string;
  tokens: { player: string; admin: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    emptyStack: SharedStack;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await npmStart(['--in-memory', '--empty', '--no-watch']);
  const { appUrl, apiUrl, tokens } = stack;
  project.provide('emptyStack', { appUrl, apiUrl, tokens, outboxUrl: outboxUrlOf(stack.output()) });
  return () => stack.stop();
}
