/** Helpers for tests that talk to the run's DynamoDB Local (started by test/global-setup.ts). */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDynamoDbDataSource, type DynamoDbRequestEvent } from '../src/datasources/dynamodb/data-source.ts';
import { createDynamoDbWire } from '../src/datasources/dynamodb/wire.ts';
import { createDynamoDbClient } from '../src/runtime/process/dynamodb-local.ts';
import { ensureTable } from '../src/runtime/tables.ts';
import type { DataSourceInvoker } from '../src/runtime/types.ts';
import type { TableDefinition } from 'appsync-cloud';
import { projectDirs } from './project.ts';

export function dynamoEndpoint(): string {
  return inject('dynamoEndpoint');
}

/** PK/SK with one GSI GSI_PK/GSI_SK: the single-table layout. */
export const defaultTableDefinition: TableDefinition = {
  name: 'test',
  partitionKey: 'PK',
  sortKey: 'SK',
  indexes: [{ name: 'GSI', partitionKey: 'GSI_PK', sortKey: 'GSI_SK' }],
};

/** Creates a table with a unique name (the definition's name is a prefix) so test files never share data. */
export async function createTestTable(
  definition: TableDefinition = defaultTableDefinition,
): Promise<{ client: DynamoDBClient; tableName: string }> {
  const client = createDynamoDbClient(dynamoEndpoint(), projectDirs().stateDir);
  const tableName = `${definition.name}-${randomBytes(6).toString('hex')}`;
  await ensureTable(client, { ...definition, name: tableName });
  return { client, tableName };
}

/** A DynamoDB data source on `tableName` in the run's DynamoDB Local, with a pagination-token key of its own. */
export function testDataSource(tableName: string, observer?: (e: DynamoDbRequestEvent) => void): DataSourceInvoker {
  return createDynamoDbDataSource({
    wire: createDynamoDbWire(dynamoEndpoint(), projectDirs().stateDir),
    tableName,
    tokenKey: randomBytes(32),
    observer,
  });
}
