/** One fresh local API on a fresh table of a shared DynamoDB Local, with a switchable cost observer. */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type DynamoDbRequestEvent, createDynamoDbClient, startLocalAppSync, type LocalAppSync } from 'appsync-local';
import { stateDir } from '../project.ts';
import { throwawayAppSyncOptions } from '../scripts/local-appsync-options.ts';

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
  const app = await startLocalAppSync(
    throwawayAppSyncOptions('bench', dynamoEndpoint, {
      observer: (_dataSource, event) => observer?.(event),
      // The request log is on, as `npm start` has it; its lines are formatted, then dropped.
      log: () => {},
    }),
  );
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
