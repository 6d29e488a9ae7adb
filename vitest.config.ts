import { defineConfig } from 'vitest/config';
import { packageTests } from 'appsync-local/vitest-project';
import { buildDir, repoRoot, stateDir } from './project.ts';

export default defineConfig({
  test: {
    // The JSON report gives CI its one-line summary.
    reporters: ['default', ['json', { outputFile: 'build/test-report.json' }]],
    // One in-memory DynamoDB Local for the whole run, both projects; tests reach it through inject('dynamoEndpoint').
    // The package's exported entry, as a project outside this repository would name it.
    globalSetup: ['appsync-local/testing/global-setup'],
    // The project's folders (inject('stateDir') and so on); the package's tests keep their own root and
    // build folder, and share this state folder with the DynamoDB Local above.
    provide: { root: repoRoot, buildDir, stateDir },
    projects: [
      {
        test: {
          name: 'app',
          include: ['test/**/*.test.ts'],
          // Generous: DynamoDB Local on a busy two-core machine answers slowly.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      packageTests,
    ],
    teardownTimeout: 30_000,
    // Two cores, but most test time is spent waiting (DynamoDB Local, Chromium, timers): a third worker
    // took the whole run from 396 s to 348 s on the two-core machine, every test still passing.
    maxWorkers: 3,
  },
});
