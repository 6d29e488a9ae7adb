import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateSigningKey, localUserPool, signToken, subFor } from '../../src/runtime/auth/jwt.ts';
import type { AuthConfig } from '../../src/runtime/runtime.ts';
import type { CognitoIdentity } from '../../src/runtime/types.ts';
import { badTokens } from '../auth/bad-tokens.ts';
import { API_KEY, echoDataSource, fakeCode, query, testApi } from './fakes.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'local-appsync-auth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const key = loadOrCreateSigningKey(dir);
const otherKey = loadOrCreateSigningKey(path.join(dir, 'other'));

const schema = /* GraphQL */ `
  type Query {
    me: String
    adminOnly: String @aws_cognito_user_pools(cognito_groups: ["admin"])
    legacyAdmin: String @aws_auth(cognito_groups: ["admin"])
    keyOnly: String @aws_api_key
    both: String @aws_api_key @aws_cognito_user_pools
    iamOnly: String @aws_iam
    board: Board
  }
  type Board @aws_cognito_user_pools(cognito_groups: ["admin"]) {
    secret: String
    open: String @aws_cognito_user_pools
    keyed: String @aws_api_key
  }
`;

function authApi(auth: AuthConfig, calls: string[] = [], identities: (CognitoIdentity | null)[] = []) {
  const fields = ['me', 'adminOnly', 'legacyAdmin', 'keyOnly', 'both', 'iamOnly', 'board'];
  const code = fakeCode('r', {
    request: (ctx) => {
      calls.push(ctx.info.fieldName);
      identities.push(ctx.identity as CognitoIdentity | null);
      return {};
    },
    response: (ctx) =>
      ctx.info.fieldName === 'board' ? { secret: 's', open: 'o', keyed: 'k' } : `${ctx.info.fieldName}:ok`,
  });
  return testApi({
    schema,
    wiring: {
      dataSources: [{ name: 'DS', kind: 'NONE' }],
      functions: [],
      resolvers: fields.map((f) => ({
        typeName: 'Query',
        fieldName: f,
        kind: 'UNIT' as const,
        dataSource: 'DS',
        code: 'r.ts',
      })),
      environment: {},
    },
    codes: { 'r.ts': code },
    dataSources: { DS: echoDataSource() },
    auth,
  });
}

const cognitoDefault: AuthConfig = {
  defaultMode: 'AMAZON_COGNITO_USER_POOLS',
  additionalModes: ['API_KEY'],
  cognito: localUserPool(key),
  apiKeys: [API_KEY],
};
const bearer = (username: string, groups: string[] = []) => ({
  authorization: `Bearer ${signToken(key, { username, groups })}`,
});
const unauthorized = (message: string) => ({
  status: 401,
  body: { errors: [{ errorType: 'UnauthorizedException', message }] },
});

describe('request authentication', () => {
  const api = authApi(cognitoDefault);

  it('answers 401 without credentials, with a forged, malformed or expired token, or a wrong API key', async () => {
    expect(await query(api, '{ me }', undefined, {})).toEqual(unauthorized('Valid authorization header not provided.'));
    expect(await query(api, '{ me }', undefined, { authorization: signToken(otherKey, { username: 'eve' }) })).toEqual(
      unauthorized('Unable to parse JWT token.'),
    );
    expect(await query(api, '{ me }', undefined, { authorization: 'garbage' })).toEqual(
      unauthorized('Unable to parse JWT token.'),
    );
    const expired = signToken(key, { username: 'alice', expiresInSeconds: 10 }, Math.floor(Date.now() / 1000) - 3600);
    expect(await query(api, '{ me }', undefined, { authorization: expired })).toEqual(
      unauthorized('Token has expired.'),
    );
    expect(await query(api, '{ keyOnly }', undefined, { 'x-api-key': 'wrong' })).toEqual(
      unauthorized('You are not authorized to make this call.'),
    );
  });

  it.each(badTokens(key, otherKey, Math.floor(Date.now() / 1000)))(
    'answers 401 UnauthorizedException to a token with $name, running nothing',
    async ({ token }) => {
      const calls: string[] = [];
      const a = authApi(cognitoDefault, calls);
      const res = await query(a, '{ me }', undefined, { authorization: `Bearer ${token}` });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errors: [{ errorType: 'UnauthorizedException', message: expect.any(String) }] });
      expect(calls).toEqual([]);
    },
  );

  it('builds ctx.identity from the verified claims, with or without "Bearer "', async () => {
    const identities: (CognitoIdentity | null)[] = [];
    const a = authApi(cognitoDefault, [], identities);
    const token = signToken(key, { username: 'alice', groups: ['admin'] });
    for (const authorization of [token, `Bearer ${token}`]) {
      const res = await a.handle({
        body: { query: '{ me }' },
        headers: { Authorization: authorization },
        sourceIp: '10.1.2.3',
      });
      expect(res).toEqual({ status: 200, body: { data: { me: 'me:ok' } } });
    }
    expect(identities[0]).toMatchObject({
      sub: subFor('alice'),
      username: 'alice',
      groups: ['admin'],
      sourceIp: ['10.1.2.3'],
      defaultAuthStrategy: 'ALLOW',
      issuer: 'https://cognito-idp.local/local_pool',
    });
    expect(identities[0]!.claims).toMatchObject({ username: 'alice', token_use: 'access' });
    await a.handle({ body: { query: '{ me }' }, headers: bearer('bob') });
    expect(identities[2]!.groups).toBeNull();
  });

  it("gives ctx.identity.sourceIp the x-forwarded-for addresses in addition to the connection's (AWS context reference)", async () => {
    const identities: (CognitoIdentity | null)[] = [];
    const a = authApi(cognitoDefault, [], identities);
    const headers = { ...bearer('carol'), 'X-Forwarded-For': '203.0.113.7, 198.51.100.2' };
    await a.handle({ body: { query: '{ me }' }, headers, sourceIp: '10.1.2.3' });
    expect(identities[0]!.sourceIp).toEqual(['203.0.113.7', '198.51.100.2', '10.1.2.3']);
    await a.handle({ body: { query: '{ me }' }, headers: bearer('carol'), sourceIp: '10.1.2.3' });
    expect(identities[1]!.sourceIp).toEqual(['10.1.2.3']);
  });

  it('takes the username from cognito:username in an ID token and from username in an access token', async () => {
    const identities: (CognitoIdentity | null)[] = [];
    const a = authApi(cognitoDefault, [], identities);
    const idToken = signToken(key, { username: 'carol', groups: ['admin'], email: 'carol@example.com', use: 'id' });
    expect((await query(a, '{ me }', undefined, { authorization: idToken })).status).toBe(200);
    expect(identities[0]).toMatchObject({ sub: subFor('carol'), username: 'carol', groups: ['admin'] });
    expect(identities[0]!.claims).toMatchObject({
      'cognito:username': 'carol',
      email: 'carol@example.com',
      token_use: 'id',
    });
    expect(identities[0]!.claims.username).toBeUndefined();
    expect((await query(a, '{ me }', undefined, bearer('dave'))).status).toBe(200);
    expect(identities[1]).toMatchObject({ username: 'dave' });
    expect(identities[1]!.claims['cognito:username']).toBeUndefined();
  });

  it('accepts an API key and gives a null identity', async () => {
    const identities: (CognitoIdentity | null)[] = [];
    const a = authApi(cognitoDefault, [], identities);
    const res = await query(a, '{ keyOnly }');
    expect(res.body).toEqual({ data: { keyOnly: 'keyOnly:ok' } });
    expect(identities).toEqual([null]);
  });

  it('refuses start-up when a mode has no credentials configured', () => {
    expect(() => authApi({ defaultMode: 'AMAZON_COGNITO_USER_POOLS', additionalModes: [] })).toThrow(/no user pool/);
    expect(() => authApi({ defaultMode: 'API_KEY', additionalModes: [], apiKeys: [] })).toThrow(/API keys/);
  });
});

describe('field authorization directives', () => {
  const notAuthorized = (field: string, type: string, path: (string | number)[]) =>
    expect.objectContaining({
      path,
      errorType: 'Unauthorized',
      data: null,
      errorInfo: null,
      message: `Not Authorized to access ${field} on type ${type}`,
    });

  it('refuses a group-restricted field to a user outside the group, without running its resolver', async () => {
    const calls: string[] = [];
    const a = authApi(cognitoDefault, calls);
    const res = await query(a, '{ me adminOnly legacyAdmin }', undefined, bearer('bob'));
    expect(res.body.data).toEqual({ me: 'me:ok', adminOnly: null, legacyAdmin: null });
    expect(res.body.errors).toEqual([
      notAuthorized('adminOnly', 'Query', ['adminOnly']),
      notAuthorized('legacyAdmin', 'Query', ['legacyAdmin']),
    ]);
    expect(calls).toEqual(['me']);
    const admin = await query(a, '{ adminOnly legacyAdmin }', undefined, bearer('root', ['admin']));
    expect(admin.body).toEqual({ data: { adminOnly: 'adminOnly:ok', legacyAdmin: 'legacyAdmin:ok' } });
  });

  it('applies the default mode to undirected fields only; additional modes need a directive', async () => {
    const a = authApi(cognitoDefault);
    const byKey = await query(a, '{ me keyOnly both }');
    expect(byKey.body.data).toEqual({ me: null, keyOnly: 'keyOnly:ok', both: 'both:ok' });
    expect(byKey.body.errors).toEqual([notAuthorized('me', 'Query', ['me'])]);
    const byUser = await query(a, '{ keyOnly both }', undefined, bearer('alice'));
    expect(byUser.body.data).toEqual({ keyOnly: null, both: 'both:ok' });
  });

  it('never allows @aws_iam fields locally (IAM requests are not supported)', async () => {
    const a = authApi(cognitoDefault);
    const res = await query(a, '{ iamOnly }', undefined, bearer('root', ['admin']));
    expect(res.body.errors).toEqual([notAuthorized('iamOnly', 'Query', ['iamOnly'])]);
  });

  it('uses type-level directives for fields without their own, and field directives over them', async () => {
    const a = authApi(cognitoDefault);
    const user = await query(a, '{ board { secret open keyed } }', undefined, bearer('bob'));
    expect(user.body.data).toEqual({ board: { secret: null, open: 'o', keyed: null } });
    expect(user.body.errors).toEqual([
      notAuthorized('secret', 'Board', ['board', 'secret']),
      notAuthorized('keyed', 'Board', ['board', 'keyed']),
    ]);
    const admin = await query(a, '{ board { secret open } }', undefined, bearer('root', ['admin']));
    expect(admin.body).toEqual({ data: { board: { secret: 's', open: 'o' } } });
    const key = await query(a, '{ board { keyed } }');
    expect(key.body.data).toEqual({ board: null });
  });
});
