import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One in-memory DynamoDB Local for the whole run; tests reach it through inject('dynamoEndpoint').
    globalSetup: ['test/global-setup.ts'],
    // Generous: DynamoDB Local on a busy two-core machine answers slowly.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    // Two cores: the JVM plus two test workers.
    pool: 'forks',
    maxWorkers: 2,
  },
});
