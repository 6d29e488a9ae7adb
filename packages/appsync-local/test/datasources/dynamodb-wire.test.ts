/**
 * The data source's own DynamoDB calls (dynamodb-wire.ts): requests in DynamoDB's JSON protocol under the
 * local credential (unsigned: DynamoDB Local checks no signature),
 * DynamoDB's refusals as SDK-shaped errors, and one retry when a kept-alive connection was closed
 * before the request reached the server (and only then). A loopback server stands in for DynamoDB.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDynamoDbWire, DynamoDbServiceError, type DynamoDbWire } from '../../src/datasources/dynamodb/wire.ts';
import { localDynamoDbCredentials } from '../../src/runtime/process/dynamodb-credentials.ts';
import { createTestTable, dynamoEndpoint } from '../../testing/dynamodb.ts';
import { projectDirs } from '../../testing/project.ts';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function wireTo(endpoint: string): DynamoDbWire {
  const wire = createDynamoDbWire(endpoint, projectDirs().stateDir);
  closers.push(() => wire.close());
  return wire;
}

async function fakeDynamoDb(
  answer: (req: IncomingMessage, n: number, socket: Socket) => { status: number; body: string } | 'drop',
) {
  let n = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const a = answer(req, ++n, req.socket);
      if (a === 'drop') return void req.socket.destroy();
      res.writeHead(a.status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-RequestId': `REQ${n}` });
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => n };
}

describe('DynamoDB wire calls', () => {
  it('round-trips typed values, binary included, with DynamoDB Local', async () => {
    const { tableName } = await createTestTable();
    const wire = wireTo(dynamoEndpoint());
    const Item = {
      PK: { S: 'W#1' },
      SK: { S: 'META' },
      n: { N: '1.5' },
      b: { B: Buffer.from([0, 255, 7]).toString('base64') },
      ss: { SS: ['a', 'b'] },
    };
    await wire.call('PutItem', { TableName: tableName, Item });
    const out = await wire.call('GetItem', {
      TableName: tableName,
      Key: { PK: Item.PK, SK: Item.SK },
      ConsistentRead: true,
    });
    expect(out.Item).toEqual(Item);
  });

  it('names the local credential and the operation in each request', async () => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    const fake = await fakeDynamoDb((req) => {
      seen.push(req.headers);
      return { status: 200, body: '{"Count":0,"Items":[],"ScannedCount":0}' };
    });
    const out = await wireTo(fake.endpoint).call('Query', {
      TableName: 't',
      KeyConditionExpression: 'PK = :p',
      ExpressionAttributeValues: { ':p': { S: 'x' } },
    });
    expect(out.Count).toBe(0);
    expect(seen[0]['x-amz-target']).toBe('DynamoDB_20120810.Query');
    expect(seen[0]['content-type']).toBe('application/x-amz-json-1.0');
    expect(seen[0].authorization).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=${localDynamoDbCredentials(projectDirs().stateDir).accessKeyId}/\\d{8}/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0{64}$`,
      ),
    );
  });

  it('reaches the database of its own access key only: DynamoDB Local checks the key, not the signature', async () => {
    const { tableName } = await createTestTable();
    const get = { TableName: tableName, Key: { PK: { S: 'K' }, SK: { S: 'K' } } };
    expect(await wireTo(dynamoEndpoint()).call('GetItem', get)).not.toHaveProperty('Item');
    const other = createDynamoDbWire(dynamoEndpoint(), mkdtempSync(path.join(tmpdir(), 'wire-other-key-')));
    closers.push(() => other.close());
    await expect(other.call('GetItem', get)).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it("gives DynamoDB's refusal as a named error with its status, request id and details", async () => {
    const reasons = [{ Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' }, { Code: 'None' }];
    const fake = await fakeDynamoDb(() => ({
      status: 400,
      body: JSON.stringify({
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        Message: 'Transaction cancelled',
        CancellationReasons: reasons,
      }),
    }));
    const failure = await wireTo(fake.endpoint)
      .call('TransactWriteItems', { TransactItems: [] })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DynamoDbServiceError);
    expect(failure).toMatchObject({
      name: 'TransactionCanceledException',
      message: 'Transaction cancelled',
      $metadata: { httpStatusCode: 400, requestId: 'REQ1' },
      CancellationReasons: reasons,
    });
  });

  it('sends again once when a kept-alive connection is reset before the request reaches the server', async () => {
    let firstSocket: Socket | undefined;
    const fake = await fakeDynamoDb((_req, n, socket) => {
      firstSocket ??= socket;
      // The second request arrives on the kept-alive connection of the first: drop it unanswered.
      if (n === 2 && socket === firstSocket) return 'drop';
      return { status: 200, body: `{"Count":${n}}` };
    });
    const wire = wireTo(fake.endpoint);
    expect((await wire.call('Query', { TableName: 't' })).Count).toBe(1);
    expect((await wire.call('Query', { TableName: 't' })).Count).toBe(3);
    expect(fake.requests()).toBe(3);
  });

  it('does not send again when a fresh connection fails: the request may have been served', async () => {
    const fake = await fakeDynamoDb(() => 'drop');
    await expect(wireTo(fake.endpoint).call('PutItem', { TableName: 't', Item: {} })).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
    expect(fake.requests()).toBe(1);
  });
});
