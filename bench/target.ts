/** One fresh local API on a fresh table of a shared DynamoDB Local, with a switchable cost observer. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type DynamoDbRequestEvent, createDynamoDbClient, startLocalAppSync, type LocalAppSync } from 'appsync-local';
import { wiring } from '../amplify/data/wiring.ts';
import { stateDir, repoRoot, buildDir } from '../project.ts';

export interface BenchTarget {
  url: string;
  app: LocalAppSync;
  dynamoEndpoint: string;
  client: DynamoDBClient;
  tableName: string;
  tokenFor(username: string, groups?: string[]): string;
  observe(fn: ((e: DynamoDbRequestEvent) => void) | null): void;
  close(): Promise<void>;
}

export async function startBenchTarget(dynamoEndpoint: string): Promise<BenchTarget> {
  let observer: ((e: DynamoDbRequestEvent) => void) | null = null;
  const suffix = randomBytes(4).toString('hex');
  const app = await startLocalAppSync({
    root: repoRoot,
    buildDir,
    stateDir,
    schemaPath: 'schema.graphql',
    wiring,
    dynamoEndpoint,
    tableName: (table) => `${table.name}-bench-${suffix}`,
    port: 0,
    keyDir: mkdtempSync(path.join(tmpdir(), 'pickem-bench-key-')),
    observer: (_dataSource, event) => observer?.(event),
    // The request log is on, as `npm start` has it; its lines are formatted, then dropped.
    log: () => {},
  });
  const client = createDynamoDbClient(dynamoEndpoint, stateDir);
  return {
    url: app.url,
    app,
    dynamoEndpoint,
    client,
    tableName: Object.values(app.tableNames)[0],
    tokenFor: app.tokenFor,
    observe: (fn) => {
      observer = fn;
    },
    async close() {
      client.destroy();
      await app.close();
    },
  };
}
