/**
 * AWS_IAM end to end on a toy API and a real local runtime with DynamoDB Local: a Lambda data source
 * with `callsApi` calls the API through callApi with its own credentials; the server checks the
 * signature, the function's granted fields and the field directives.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlRequest } from '../../src/runtime/client.ts';
import { localDynamoDbCredentials } from '../../src/runtime/process/dynamodb-credentials.ts';
import { startLocalAppSync, type LocalAppSync } from '../../src/runtime/start-local.ts';
import { dynamoEndpoint } from '../../testing/dynamodb.ts';
import { signedPost as signedPostTo, type Credentials } from '../../testing/sigv4-post.ts';
import { iamSchemaFile, iamWiring } from '../../testing/iam-api/wiring.ts';
import { projectDirs } from '../../testing/project.ts';

let app: LocalAppSync;

beforeAll(async () => {
  const suffix = randomBytes(6).toString('hex');
  app = await startLocalAppSync({
    ...projectDirs(),
    schemaPath: iamSchemaFile,
    wiring: iamWiring,
    dynamoEndpoint: dynamoEndpoint(),
    tableName: (table) => `${table.name}-${suffix}`,
    port: 0,
    keyDir: mkdtempSync(path.join(tmpdir(), 'iam-test-key-')),
  });
});

afterAll(async () => {
  await app?.close();
});

const RELAY =
  'mutation Relay($text: String!) { relay(text: $text) { note { id text by } storedText wipeRefusal urlVariable } }';

/** A signed POST to the local API, as a process holding only the DynamoDB Local key could make it. */
async function signedPost(body: string, credentials: Credentials) {
  const res = await signedPostTo(app.url, body, credentials);
  return { status: res.status, errorTypeHeader: res.headers.get('x-amzn-errortype'), body: await res.json() };
}

describe('a Lambda data source that calls the API with its IAM identity', () => {
  it('calls its granted @aws_iam field, is seen as its role, and still reads DynamoDB Local', async () => {
    const res = await graphqlRequest(app.url, app.tokenFor('alice'), RELAY, { text: 'hello' });
    expect(res.errors).toBeUndefined();
    const relay = (res.data as { relay: Record<string, unknown> }).relay;
    expect(relay.note).toEqual({
      id: expect.any(String),
      text: 'hello',
      by: 'arn:aws:sts::000000000000:assumed-role/Relay-role/Relay',
    });
    expect(relay.storedText).toBe('hello');
    expect(relay.urlVariable).toBe(app.url);
  });

  it('is refused a field its policy does not grant, though the field allows @aws_iam', async () => {
    const res = await graphqlRequest(app.url, app.tokenFor('alice'), RELAY, { text: 'again' });
    expect((res.data as { relay: { wipeRefusal: string } }).relay.wipeRefusal).toBe(
      'AppSync refused the request (HTTP 401): UnauthorizedException: Permission denied',
    );
  });
});

describe('who else may call an @aws_iam field', () => {
  it('not a Cognito user, even an admin', async () => {
    const res = await graphqlRequest(
      app.url,
      app.tokenFor('root', ['admin']),
      'mutation { addNote(text: "x") { id } }',
    );
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ addNote: null });
    expect(res.errors).toEqual([
      expect.objectContaining({
        errorType: 'Unauthorized',
        message: 'Not Authorized to access addNote on type Mutation',
      }),
    ]);
  });

  it('not a holder of the DynamoDB Local key without a function session token, even from loopback', async () => {
    const { accessKeyId, secretAccessKey } = localDynamoDbCredentials(projectDirs().stateDir);
    const res = await signedPost(JSON.stringify({ query: 'mutation { addNote(text: "x") { id } }' }), {
      accessKeyId,
      secretAccessKey,
    });
    expect(res).toEqual({
      status: 403,
      errorTypeHeader: 'UnrecognizedClientException',
      body: {
        errors: [
          {
            errorType: 'UnrecognizedClientException',
            message: 'The security token included in the request is invalid.',
          },
        ],
      },
    });
  });
});
