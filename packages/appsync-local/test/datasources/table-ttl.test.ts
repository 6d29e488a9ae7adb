/**
 * ensureTable and TTL: turned on for the definition's attribute when a table is created or kept from an
 * earlier definition, and a kept table with TTL on another attribute refused.
 */
import {
  DescribeTimeToLiveCommand,
  GetItemCommand,
  PutItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { ensureTable } from '../../src/runtime/tables.ts';
import type { TableDefinition } from 'appsync-cloud';
import { createTestTable, defaultTableDefinition } from '../../testing/dynamodb.ts';

describe('TTL on a declared attribute', () => {
  const withTtl = (attribute: string): TableDefinition => ({
    ...defaultTableDefinition,
    timeToLiveAttribute: attribute,
  });
  const ttlOf = async (client: DynamoDBClient, TableName: string) =>
    (await client.send(new DescribeTimeToLiveCommand({ TableName }))).TimeToLiveDescription;

  it('is turned on when the table is created, and off for a table that declares none', async () => {
    const { client, tableName } = await createTestTable(withTtl('expiresAt'));
    expect(await ttlOf(client, tableName)).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: 'expiresAt' });
    const plain = await createTestTable();
    expect((await ttlOf(plain.client, plain.tableName))?.TimeToLiveStatus).toBe('DISABLED');
    client.destroy();
    plain.client.destroy();
  });

  it('is turned on for a kept table made before the definition had it, its data kept', async () => {
    const { client, tableName } = await createTestTable();
    const Key = { PK: { S: 'kept' }, SK: { S: 'kept' } };
    await client.send(new PutItemCommand({ TableName: tableName, Item: Key }));
    await ensureTable(client, { ...withTtl('expiresAt'), name: tableName });
    expect(await ttlOf(client, tableName)).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: 'expiresAt' });
    expect((await client.send(new GetItemCommand({ TableName: tableName, Key }))).Item).toEqual(Key);
    // Started again: nothing to change.
    await expect(ensureTable(client, { ...withTtl('expiresAt'), name: tableName })).resolves.toBeUndefined();
    client.destroy();
  });

  it('refuses a kept table whose TTL is on another attribute, or on when the definition has none', async () => {
    const { client, tableName } = await createTestTable(withTtl('expiresAt'));
    await expect(ensureTable(client, { ...withTtl('ttl'), name: tableName })).rejects.toThrow(
      /TTL is on expiresAt, the definition says ttl/,
    );
    await expect(ensureTable(client, { ...defaultTableDefinition, name: tableName })).rejects.toThrow(
      /TTL is on expiresAt, the definition says none/,
    );
    client.destroy();
  });
});
