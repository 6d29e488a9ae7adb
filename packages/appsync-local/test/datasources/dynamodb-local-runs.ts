/**
 * For the suites that start DynamoDB Local of their own (on disk, on a fixed port): what they clean up
 * after the suite, a start that is stopped then if the test has not, and one item written and read back
 * to show that data outlived a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetItemCommand, PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { afterAll } from 'vitest';
import {
  createDynamoDbClient,
  startDynamoDbLocal,
  type DynamoDbLocal,
} from '../../src/runtime/process/dynamodb-local.ts';
import { ensureTable } from '../../src/runtime/tables.ts';
import { defaultTableDefinition } from '../../testing/dynamodb.ts';
import { projectDirs } from '../../testing/project.ts';

export type Cleanups = (() => Promise<void> | void)[];

/** A list of cleanups, run last first after the suite. */
export function useCleanups(): Cleanups {
  const cleanups: Cleanups = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return cleanups;
}

/** A fresh folder, removed after the suite. */
export function tempDataDir(cleanups: Cleanups, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** DynamoDB Local on disk in `dataDir`, on `port`; stopped after the suite too. */
export async function startOnDisk(cleanups: Cleanups, dataDir: string, port: number): Promise<DynamoDbLocal> {
  const dynamo = await startDynamoDbLocal({ stateDir: projectDirs().stateDir, inMemory: false, dataDir, port });
  cleanups.push(() => dynamo.stop());
  return dynamo;
}

const KEY = { PK: { S: 'K' }, SK: { S: 'S' } };

/** Creates the table `name` (the default definition) and writes one item, `v: 'kept'`. */
export async function putKeptItem(endpoint: string, name: string): Promise<void> {
  const client = createDynamoDbClient(endpoint, projectDirs().stateDir);
  await ensureTable(client, { ...defaultTableDefinition, name });
  await client.send(new PutItemCommand({ TableName: name, Item: { ...KEY, v: { S: 'kept' } } }));
  client.destroy();
}

/** Reads back the item's `v` (consistently), after checking the table against its definition if asked. */
export async function readKeptItem(
  endpoint: string,
  name: string,
  { checkTable = false } = {},
): Promise<AttributeValue | undefined> {
  const client = createDynamoDbClient(endpoint, projectDirs().stateDir);
  if (checkTable) await ensureTable(client, { ...defaultTableDefinition, name });
  const out = await client.send(new GetItemCommand({ TableName: name, Key: KEY, ConsistentRead: true }));
  client.destroy();
  return out.Item?.v;
}
