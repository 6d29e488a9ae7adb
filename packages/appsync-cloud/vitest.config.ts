/**
 * The package's own tests (`npm test -w appsync-cloud`). A project that runs them among its own imports
 * `packageTests` from `appsync-cloud/vitest-project` and lists it in its vitest `projects`.
 */
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

export const packageTests = {
  test: { name: 'appsync-cloud', root: import.meta.dirname, include: ['test/**/*.test.ts'] },
} satisfies TestProjectInlineConfiguration;

export default defineConfig(packageTests);
