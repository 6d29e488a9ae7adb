import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createDynamoDbClient, startDynamoDbLocal } from '../../src/runtime/process/dynamodb-local.ts';
import { ensureTable } from '../../src/runtime/tables.ts';
import type { TableDefinition } from 'appsync-cloud';
import { createTestTable, defaultTableDefinition } from '../../testing/dynamodb.ts';
import { projectDirs } from '../../testing/project.ts';
import { putKeptItem, readKeptItem, startOnDisk, tempDataDir, useCleanups } from './dynamodb-local-runs.ts';

const cleanups = useCleanups();

function occupyFreePort(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      if (typeof address !== 'object' || address === null) return reject(new Error('no address'));
      resolve({ server, port: address.port });
    });
  });
}

describe('startDynamoDbLocal', () => {
  it('moves to another port when the requested one is taken', async () => {
    const { server, port } = await occupyFreePort();
    cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
    const dynamo = await startDynamoDbLocal({ stateDir: projectDirs().stateDir, inMemory: true, port });
    cleanups.push(() => dynamo.stop());
    expect(dynamo.port).not.toBe(port);
    expect(dynamo.endpoint).toBe(`http://127.0.0.1:${dynamo.port}`);
    const client = createDynamoDbClient(dynamo.endpoint, projectDirs().stateDir);
    await ensureTable(client, { ...defaultTableDefinition, name: 'port-check' });
    // Creating it again leaves it alone.
    await ensureTable(client, { ...defaultTableDefinition, name: 'port-check' });
    client.destroy();
    await dynamo.stop();
    await dynamo.stop();
  }, 200_000);

  it('keeps data across a restart with a dataDir', async () => {
    const dataDir = tempDataDir(cleanups, 'ddb-local-');

    const first = await startOnDisk(cleanups, dataDir, 18_500);
    await putKeptItem(first.endpoint, 'persisted');
    await first.stop();

    const second = await startOnDisk(cleanups, dataDir, 18_500);
    expect(await readKeptItem(second.endpoint, 'persisted', { checkTable: true })).toEqual({ S: 'kept' });
    await second.stop();
  }, 300_000);

  it('says so when java is missing', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(
        startDynamoDbLocal({ stateDir: projectDirs().stateDir, inMemory: true, port: 18_600 }),
      ).rejects.toThrow(/java not found: install a Java 17 runtime/);
    } finally {
      process.env.PATH = path;
    }
  });

  it('requires a dataDir unless in memory', async () => {
    await expect(startDynamoDbLocal({ stateDir: projectDirs().stateDir, inMemory: false })).rejects.toThrow(/dataDir/);
  });
});

describe('ensureTable on an existing table', () => {
  // Each case: a table made from the default definition, then started with a changed one.
  it.each<[string, (name: string) => TableDefinition, RegExp]>([
    [
      'a changed index key',
      (name) => ({
        ...defaultTableDefinition,
        name,
        indexes: [{ name: 'GSI', partitionKey: 'GSI_PK', sortKey: 'GSI_SORT' }],
      }),
      /index GSI: sort key is GSI_SK, the definition says GSI_SORT/,
    ],
    [
      'a new index',
      (name) => ({
        ...defaultTableDefinition,
        name,
        indexes: [...defaultTableDefinition.indexes, { name: 'ByOwner', partitionKey: 'OWNER', sortKey: 'SK' }],
      }),
      /index ByOwner: missing/,
    ],
    [
      'a dropped index',
      (name) => ({ ...defaultTableDefinition, name, indexes: [] }),
      /index GSI: not in the definition/,
    ],
    [
      'a changed table key',
      (name) => ({ ...defaultTableDefinition, name, partitionKey: 'ID' }),
      /table: partition key is PK, the definition says ID/,
    ],
  ])('refuses %s at start, naming the table, the difference and the fix', async (_, changed, difference) => {
    const { client, tableName } = await createTestTable();
    const attempt = ensureTable(client, changed(tableName));
    await expect(attempt).rejects.toThrow(difference);
    await expect(attempt).rejects.toThrow(
      new RegExp(`Table "${tableName}" in DynamoDB Local does not match its definition`),
    );
    await expect(attempt).rejects.toThrow(/delete the table, or DynamoDB Local's data directory, to recreate it/);
    client.destroy();
  });

  it('accepts a table that matches its definition', async () => {
    const { client, tableName } = await createTestTable();
    await expect(ensureTable(client, { ...defaultTableDefinition, name: tableName })).resolves.toBeUndefined();
    client.destroy();
  });
});
