/**
 * DynamoDB Local keeps one database per access key (no -sharedDb), and every in-repo client uses the
 * local credential from the state folder (.local/ here): a client with any other credential sees an empty database.
 */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import {
  DynamoDBClient,
  GetItemCommand,
  ListTablesCommand,
  PutItemCommand,
  paginateListTables,
} from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import {
  credentialsFile,
  LOCAL_REGION,
  localDynamoDbCredentials,
  localDynamoDbEnvironment,
} from '../../src/runtime/process/dynamodb-credentials.ts';
import { createTestTable, dynamoEndpoint } from '../../testing/dynamodb.ts';
import { projectDirs } from '../../testing/project.ts';

const strangers: DynamoDBClient[] = [];
afterAll(() => strangers.forEach((c) => c.destroy()));

function stranger(accessKeyId: string, region = LOCAL_REGION): DynamoDBClient {
  const client = new DynamoDBClient({
    endpoint: dynamoEndpoint(),
    region,
    credentials: { accessKeyId, secretAccessKey: 'whatever' },
    maxAttempts: 1,
  });
  strangers.push(client);
  return client;
}

describe('DynamoDB Local credentials', () => {
  it('are random, letters and digits, kept in the state folder with mode 0600, and the same on every read', () => {
    const credentials = localDynamoDbCredentials(projectDirs().stateDir);
    expect(credentials.accessKeyId).toMatch(/^[A-Za-z0-9]{32,}$/);
    expect(statSync(credentialsFile(projectDirs().stateDir)).mode & 0o777).toBe(0o600);
    expect(localDynamoDbCredentials(projectDirs().stateDir)).toEqual(credentials);
    expect(localDynamoDbEnvironment('http://127.0.0.1:1', projectDirs().stateDir)).toMatchObject({
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_REGION: LOCAL_REGION,
    });
  });

  it('give the only way in: other credentials see an empty database', async () => {
    const { client, tableName } = await createTestTable();
    const key = { PK: { S: 'player#1' }, SK: { S: 'pick' } };
    await client.send(new PutItemCommand({ TableName: tableName, Item: { ...key, v: { S: 'secret' } } }));
    // Every page: the run's other tests share this DynamoDB Local, and ListTables answers 100 names a page.
    const names: string[] = [];
    for await (const page of paginateListTables({ client }, {})) names.push(...(page.TableNames ?? []));
    expect(names).toContain(tableName);

    const others = [
      stranger('local'),
      stranger(`OTHER${randomBytes(16).toString('hex')}`),
      stranger(localDynamoDbCredentials(projectDirs().stateDir).accessKeyId, 'eu-west-1'),
    ];
    for (const other of others) {
      expect((await other.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      await expect(other.send(new GetItemCommand({ TableName: tableName, Key: key }))).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
      });
      await expect(
        other.send(new PutItemCommand({ TableName: tableName, Item: { ...key, v: { S: 'forged' } } })),
      ).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
      });
    }
    const still = await client.send(new GetItemCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    expect(still.Item?.v).toEqual({ S: 'secret' });
    client.destroy();
  });
});
