/**
 * The package's own tests (`npm test -w appsync-local`), on folders of the package: the build folder
 * (where the explorer bundle is built once and kept) and the state folder (keys, DynamoDB Local's
 * credentials), both gitignored. A project that runs them among its own tests imports `packageTests`
 * from `appsync-local/vitest-project` (the package's export of this file) and lists it in its vitest
 * `projects`: they then share its run's DynamoDB Local, and so its state folder.
 */
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const packageDir = import.meta.dirname;
const dirs = { root: packageDir, buildDir: path.join(packageDir, 'build') };

/** The tests and their settings, without a DynamoDB Local of their own. */
export const packageTests = {
  test: {
    name: 'appsync-local',
    root: packageDir,
    include: ['test/**/*.test.ts'],
    provide: dirs,
    // Generous: DynamoDB Local on a busy two-core machine answers slowly.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker's files share its loaded modules (none replaces one): re-importing the runtime for every
    // file took a third of an isolated run.
    isolate: false,
  },
} satisfies TestProjectInlineConfiguration;

export default defineConfig({
  test: {
    ...packageTests.test,
    // One in-memory DynamoDB Local for the run; tests reach it through inject('dynamoEndpoint').
    globalSetup: ['./testing/global-setup.ts'],
    provide: { ...dirs, stateDir: path.join(packageDir, '.local') },
    teardownTimeout: 30_000,
    // Two cores: the JVM plus two test workers.
    maxWorkers: 2,
  },
});
