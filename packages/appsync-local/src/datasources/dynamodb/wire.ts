/**
 * The data source's calls to DynamoDB Local, in DynamoDB's own JSON protocol: the request object a
 * resolver returned is already in DynamoDB's wire form (typed values), so each call is one POST of
 * that JSON and one JSON.parse of the answer. The AWS SDK would turn the same JSON into its own
 * shapes and back on both legs, about 0.6 ms a call, more than the rest of the runtime's own work on
 * a request (docs/benchmarks.md). Types come from the SDK; errors carry what the SDK's do (`name`,
 * `message`, `$metadata`, `CancellationReasons`).
 *
 * No request is signed. DynamoDB Local reads the access key and region of the Authorization header's
 * credential scope to choose its database and checks no signature (an AWS SDK maintainer in
 * aws/aws-sdk-js#880: the credentials keep separate databases and "won't be checked"; shown for the
 * pinned jar by test/datasources/dynamodb-wire.test.ts), so the header is built once; a SigV4
 * signature cost about 0.05 ms a call.
 */
import http from 'node:http';
import type * as Sdk from '@aws-sdk/client-dynamodb';
import { LOCAL_REGION, localDynamoDbCredentials } from '../../runtime/process/dynamodb-credentials.ts';

/** An SDK shape as it travels: binary values are base64 text instead of bytes. */
export type Wire<T> = T extends Uint8Array
  ? string
  : T extends (infer E)[]
    ? Wire<E>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

interface Operations {
  GetItem: [Sdk.GetItemCommandInput, Sdk.GetItemCommandOutput];
  PutItem: [Sdk.PutItemCommandInput, Sdk.PutItemCommandOutput];
  UpdateItem: [Sdk.UpdateItemCommandInput, Sdk.UpdateItemCommandOutput];
  DeleteItem: [Sdk.DeleteItemCommandInput, Sdk.DeleteItemCommandOutput];
  Query: [Sdk.QueryCommandInput, Sdk.QueryCommandOutput];
  Scan: [Sdk.ScanCommandInput, Sdk.ScanCommandOutput];
  BatchGetItem: [Sdk.BatchGetItemCommandInput, Sdk.BatchGetItemCommandOutput];
  BatchWriteItem: [Sdk.BatchWriteItemCommandInput, Sdk.BatchWriteItemCommandOutput];
  TransactGetItems: [Sdk.TransactGetItemsCommandInput, Sdk.TransactGetItemsCommandOutput];
  TransactWriteItems: [Sdk.TransactWriteItemsCommandInput, Sdk.TransactWriteItemsCommandOutput];
}
export type DynamoDbOperation = keyof Operations;
export type WireInput<K extends DynamoDbOperation> = Wire<Operations[K][0]>;
export type WireOutput<K extends DynamoDbOperation> = Wire<Omit<Operations[K][1], '$metadata'>>;

export interface DynamoDbWire {
  call<K extends DynamoDbOperation>(operation: K, input: WireInput<K>): Promise<WireOutput<K>>;
  close(): void;
}

/** DynamoDB's answer to a refused request, shaped as the SDK's service exceptions are. */
export class DynamoDbServiceError extends Error {
  readonly $metadata: { httpStatusCode: number; requestId?: string };
  /** ConditionalCheckFailedException with ReturnValuesOnConditionCheckFailure: the item as it is. */
  readonly Item?: Wire<Record<string, Sdk.AttributeValue>>;
  /** TransactionCanceledException: one reason per item of the transaction. */
  readonly CancellationReasons?: Wire<Sdk.CancellationReason>[];
  constructor(
    name: string,
    message: string,
    status: number,
    requestId: string | undefined,
    body: Record<string, unknown>,
  ) {
    super(message);
    this.name = name;
    this.$metadata = { httpStatusCode: status, requestId };
    if (body.Item !== undefined) this.Item = body.Item as never;
    if (body.CancellationReasons !== undefined) this.CancellationReasons = body.CancellationReasons as never;
  }
}

/** Whether `err` is DynamoDB's refusal named `name` (e.g. ConditionalCheckFailedException). */
export function isServiceError(err: unknown, name: string): err is DynamoDbServiceError {
  return err instanceof DynamoDbServiceError && err.name === name;
}

const TARGET_PREFIX = 'DynamoDB_20120810.';
const CONTENT_TYPE = 'application/x-amz-json-1.0';

/** An Authorization header with the local credential's scope and no signature (see above). */
function credentialScopeHeader(accessKeyId: string): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${day}/${LOCAL_REGION}/dynamodb/aws4_request, SignedHeaders=host, Signature=${'0'.repeat(64)}`;
}

/** The wire to DynamoDB Local at `endpoint`, under the local credential kept in `stateDir`. */
export function createDynamoDbWire(endpoint: string, stateDir: string): DynamoDbWire {
  const url = new URL(endpoint);
  if (url.protocol !== 'http:') throw new Error(`DynamoDB Local endpoint must be http: ${endpoint}`);
  const agent = new http.Agent({ keepAlive: true });
  const authorization = credentialScopeHeader(localDynamoDbCredentials(stateDir).accessKeyId);

  async function post(operation: string, body: string, retried: boolean): Promise<unknown> {
    const headers = { authorization, 'content-type': CONTENT_TYPE, 'x-amz-target': TARGET_PREFIX + operation };
    try {
      return await send(headers, body);
    } catch (err) {
      // A kept-alive socket the server closed while idle: the request never reached it (node's advice).
      if (
        !retried &&
        (err as { reusedSocket?: boolean }).reusedSocket &&
        (err as NodeJS.ErrnoException).code === 'ECONNRESET'
      ) {
        return post(operation, body, true);
      }
      throw err;
    }
  }

  function send(headers: Record<string, string>, body: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          hostname: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/',
          agent,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const requestId = res.headers['x-amzn-requestid'] as string | undefined;
            let parsed: Record<string, unknown>;
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
            } catch {
              return reject(
                new DynamoDbServiceError(
                  'UnknownError',
                  `DynamoDB answered HTTP ${status} with a body that is not JSON`,
                  status,
                  requestId,
                  {},
                ),
              );
            }
            if (status === 200) return resolve(parsed);
            const type =
              typeof parsed.__type === 'string'
                ? parsed.__type.slice(parsed.__type.lastIndexOf('#') + 1)
                : 'UnknownError';
            const message = String(parsed.message ?? parsed.Message ?? `HTTP ${status}`);
            reject(new DynamoDbServiceError(type, message, status, requestId, parsed));
          });
        },
      );
      req.on('error', (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
      req.end(body);
    });
  }

  return {
    call: (operation, input) => post(operation, JSON.stringify(input), false) as never,
    close: () => agent.destroy(),
  };
}
