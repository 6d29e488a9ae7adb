import { defineConfig } from 'vitest/config';
import { buildDir, repoRoot, stateDir } from './project.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // The JSON report gives CI its one-line summary.
    reporters: ['default', ['json', { outputFile: 'build/test-report.json' }]],
    // One in-memory DynamoDB Local for the whole run; tests reach it through inject('dynamoEndpoint').
    // The package's exported entry, as a project outside this repository would name it.
    globalSetup: ['appsync-local/testing/global-setup'],
    // The project's folders, for the package's own tests (inject('stateDir') and so on).
    provide: { root: repoRoot, buildDir, stateDir },
    // Generous: DynamoDB Local on a busy two-core machine answers slowly.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    // Two cores: the JVM plus two test workers.
    pool: 'forks',
    maxWorkers: 2,
  },
});
