/**
 * The region `amplify_outputs.json` names is the one the local API checks SigV4 signatures for: a
 * client configured from the written file (region from `data.aws_region`) signs a request the API
 * accepts, rather than InvalidSignatureException.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localOutputs, writeOutputs, type LocalOutputs } from '../../src/runtime/cognito/amplify-outputs.ts';
import type { LocalUserPool } from '../../src/runtime/cognito/user-pool.ts';
import { LOCAL_REGION } from '../../src/runtime/process/dynamodb-credentials.ts';
import { startLocalAppSync, type LocalAppSync } from '../../src/runtime/start-local.ts';
import { dynamoEndpoint } from '../../testing/dynamodb.ts';
import { iamSchemaFile, iamWiring } from '../../testing/iam-api/wiring.ts';
import { projectDirs } from '../../testing/project.ts';
import { signedPost } from '../../testing/sigv4-post.ts';

let app: LocalAppSync;
const dir = mkdtempSync(path.join(tmpdir(), 'outputs-region-'));

beforeAll(async () => {
  const suffix = randomBytes(6).toString('hex');
  // The toy IAM schema, with `ping` granted to a group (an IAM grant needs one).
  const schemaPath = path.join(dir, 'schema.graphql');
  const sdl = readFileSync(iamSchemaFile, 'utf8').replace(
    'ping: String',
    'ping: String @aws_cognito_user_pools(cognito_groups: ["readers"]) @aws_iam',
  );
  writeFileSync(schemaPath, sdl);
  app = await startLocalAppSync({
    ...projectDirs(),
    schemaPath,
    wiring: iamWiring,
    dynamoEndpoint: dynamoEndpoint(),
    tableName: (table) => `${table.name}-${suffix}`,
    port: 0,
    keyDir: dir,
    iamGrants: [{ name: 'Reader', label: 'reader', cognitoGroup: 'readers', description: 'test' }],
  });
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('amplify_outputs.json', () => {
  it('names the region the local API signs for, and a client signing with it is accepted', async () => {
    const pool = { userPoolId: 'local_abc', clientId: 'client' } as LocalUserPool;
    const outputs = localOutputs({
      apiUrl: app.url,
      authorizationTypes: ['AWS_IAM'],
      pool,
      userPoolEndpoint: 'http://127.0.0.1:1',
      usernameAttributes: ['email'],
      groups: [],
    });
    const [file] = writeOutputs(outputs, [dir]);
    const written = JSON.parse(readFileSync(file, 'utf8')) as LocalOutputs;
    expect(written.data?.aws_region).toBe(LOCAL_REGION);
    expect(written.auth?.aws_region).toBe(LOCAL_REGION);

    const { principal } = app.groupPrincipals[0];
    const credentials = {
      accessKeyId: principal.accessKeyId,
      secretAccessKey: principal.secretAccessKey,
      sessionToken: principal.sessionToken,
    };
    const res = await signedPost(
      written.data!.url,
      JSON.stringify({ query: '{ ping }' }),
      credentials,
      written.data!.aws_region,
    );
    const body = (await res.json()) as { errors?: { errorType?: string }[] };
    expect(res.status).toBe(200);
    expect(body).toEqual({ data: { ping: null } });
  });
});
