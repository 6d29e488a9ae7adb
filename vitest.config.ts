import { defineConfig } from 'vitest/config';
import { packageTests } from 'appsync-local/vitest-project';
import { packageTests as cloudPackageTests } from 'appsync-cloud/vitest-project';
import { buildDir, repoRoot, stateDir } from './project.ts';

/** Files that replace a module (vi.mock) or change the environment a module reads as it loads: each in a fresh worker. */
const MODULE_MOCKS = ['test/api/live-updates.test.ts', 'test/scoring/calm.test.ts', 'test/scoring/handler.test.ts'];

/** Browser tests that share the run's one `npm start --in-memory --empty` (test/app/empty-stack.global.ts). */
const ON_EMPTY_STACK = [
  'test/app/card-change.test.ts',
  'test/app/league-chat.test.ts',
  'test/app/question-builder.test.ts',
  'test/app/questions.test.ts',
  'test/app/rules.test.ts',
  'test/app/sign-up.test.ts',
];

const SLOW_PARTS = {
  // Generous: DynamoDB Local on a busy two-core machine answers slowly.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // expect.poll's default of 1 s is shorter than a page reload and its first query under load.
  expect: { poll: { timeout: 10_000 } },
  pool: 'forks',
} as const;

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
          exclude: [...MODULE_MOCKS, ...ON_EMPTY_STACK],
          // Files run one after another in each worker share its loaded modules (the runtime, the AWS SDK):
          // an isolated run spent a third of its time importing them again for every file.
          isolate: false,
          ...SLOW_PARTS,
        },
      },
      { test: { name: 'app-mocks', include: MODULE_MOCKS, ...SLOW_PARTS } },
      {
        test: {
          name: 'app-browser',
          include: ON_EMPTY_STACK,
          globalSetup: ['test/app/empty-stack.global.ts'],
          isolate: false,
          ...SLOW_PARTS,
        },
      },
      packageTests,
      cloudPackageTests,
    ],
    teardownTimeout: 30_000,
    // Two cores. A third worker once took the run from 396 s to 348 s, but with the fourth hardening
    // pass's files (each starts its own npm start) three at once starved the browser tests: the evening
    // test's live show timed out in one CI run of three. Two keeps each file's timing honest; the
    // faster suite is issue 40's (one shared npm start, sharding).
    maxWorkers: 2,
  },
});
