import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateSigningKey, signToken, subFor, verifyToken } from '../../../appsync/local/auth/jwt.ts';
import type { AuthConfig } from '../../../appsync/local/runtime.ts';
import type { CognitoIdentity } from '../../../appsync/local/types.ts';
import { API_KEY, echoDataSource, fakeCode, query, testApi } from './fakes.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'local-appsync-auth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const key = loadOrCreateSigningKey(dir);
const otherKey = loadOrCreateSigningKey(path.join(dir, 'other'));

describe('local JWTs', () => {
  it('stores the key once, mode 0600, and reuses it', () => {
    const file = path.join(dir, 'jwt-signing-key.pem');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = loadOrCreateSigningKey(dir);
    expect(again.kid).toBe(key.kid);
    expect(verifyToken(again, signToken(key, { username: 'alice' })).ok).toBe(true);
  });

  it('signs Cognito-like claims with a stable sub per username', () => {
    const now = 1_700_000_000;
    const token = signToken(key, { username: 'alice', groups: ['admin'], email: 'alice@example.com' }, now);
    const verified = verifyToken(key, token, now + 1);
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.claims).toMatchObject({
      sub: subFor('alice'),
      'cognito:username': 'alice',
      username: 'alice',
      'cognito:groups': ['admin'],
      email: 'alice@example.com',
      token_use: 'access',
      auth_time: now,
      iat: now,
      exp: now + 12 * 3600,
    });
    expect(subFor('alice')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(subFor('alice')).not.toBe(subFor('bob'));
    expect(String(verified.claims.iss)).toMatch(/^https:\/\/cognito-idp\.local\//);
  });

  it('refuses expired, forged and malformed tokens with a reason', () => {
    const now = 1_700_000_000;
    const token = signToken(key, { username: 'alice', expiresInSeconds: 60 }, now);
    expect(verifyToken(key, token, now + 61)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyToken(key, signToken(otherKey, { username: 'alice' }, now), now)).toEqual({ ok: false, reason: 'bad-signature' });
    const [h, , s] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ sub: 'x', exp: now + 999, 'cognito:groups': ['admin'] })).toString('base64url')}.${s}`;
    expect(verifyToken(key, tampered, now)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifyToken(key, 'not-a-jwt', now)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyToken(key, 'a.b.c', now)).toEqual({ ok: false, reason: 'malformed' });
  });
});

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
  const code = fakeCode(
    'r',
    {
      request: (ctx) => {
        calls.push(ctx.info.fieldName);
        identities.push(ctx.identity);
        return {};
      },
      response: (ctx) => (ctx.info.fieldName === 'board' ? { secret: 's', open: 'o', keyed: 'k' } : `${ctx.info.fieldName}:ok`),
    },
  );
  return testApi({
    schema,
    wiring: {
      dataSources: [{ name: 'DS', kind: 'NONE' }],
      functions: [],
      resolvers: fields.map((f) => ({ typeName: 'Query', fieldName: f, kind: 'UNIT' as const, dataSource: 'DS', code: 'r.ts' })),
      environment: {},
    },
    codes: { 'r.ts': code },
    dataSources: { DS: echoDataSource() },
    auth,
  });
}

const cognitoDefault: AuthConfig = { defaultMode: 'AMAZON_COGNITO_USER_POOLS', additionalModes: ['API_KEY'], cognito: { key }, apiKeys: [API_KEY] };
const bearer = (username: string, groups: string[] = []) => ({ authorization: `Bearer ${signToken(key, { username, groups })}` });
const unauthorized = (message: string) => ({ status: 401, body: { errors: [{ errorType: 'UnauthorizedException', message }] } });

describe('request authentication', () => {
  const api = authApi(cognitoDefault);

  it('answers 401 without credentials, with a forged, malformed or expired token, or a wrong API key', async () => {
    expect(await query(api, '{ me }', undefined, {})).toEqual(unauthorized('Valid authorization header not provided.'));
    expect(await query(api, '{ me }', undefined, { authorization: signToken(otherKey, { username: 'eve' }) })).toEqual(
      unauthorized('Unable to parse JWT token.'),
    );
    expect(await query(api, '{ me }', undefined, { authorization: 'garbage' })).toEqual(unauthorized('Unable to parse JWT token.'));
    const expired = signToken(key, { username: 'alice', expiresInSeconds: 10 }, Math.floor(Date.now() / 1000) - 60);
    expect(await query(api, '{ me }', undefined, { authorization: expired })).toEqual(unauthorized('Token has expired.'));
    expect(await query(api, '{ keyOnly }', undefined, { 'x-api-key': 'wrong' })).toEqual(
      unauthorized('You are not authorized to make this call.'),
    );
  });

  it('builds ctx.identity from the verified claims, with or without "Bearer "', async () => {
    const identities: (CognitoIdentity | null)[] = [];
    const a = authApi(cognitoDefault, [], identities);
    const token = signToken(key, { username: 'alice', groups: ['admin'] });
    for (const authorization of [token, `Bearer ${token}`]) {
      const res = await a.handle({ body: { query: '{ me }' }, headers: { Authorization: authorization }, sourceIp: '10.1.2.3' });
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
    expect(identities[0]!.claims['cognito:username']).toBe('alice');
    await a.handle({ body: { query: '{ me }' }, headers: bearer('bob') });
    expect(identities[2]!.groups).toBeNull();
  });

  it('gives ctx.identity.sourceIp the x-forwarded-for addresses in addition to the connection\'s (AWS context reference)', async () => {
    const identities: (CognitoIdentity | null)[] = [];
    const a = authApi(cognitoDefault, [], identities);
    const headers = { ...bearer('carol'), 'X-Forwarded-For': '203.0.113.7, 198.51.100.2' };
    await a.handle({ body: { query: '{ me }' }, headers, sourceIp: '10.1.2.3' });
    expect(identities[0]!.sourceIp).toEqual(['203.0.113.7', '198.51.100.2', '10.1.2.3']);
    await a.handle({ body: { query: '{ me }' }, headers: bearer('carol'), sourceIp: '10.1.2.3' });
    expect(identities[1]!.sourceIp).toEqual(['10.1.2.3']);
  });

  it('accepts an API key and gives a null identity', async () => {
    const identities: (CognitoIdentity | null)[] = [];
    const a = authApi(cognitoDefault, [], identities);
    const res = await query(a, '{ keyOnly }');
    expect(res.body).toEqual({ data: { keyOnly: 'keyOnly:ok' } });
    expect(identities).toEqual([null]);
  });

  it('refuses start-up when a mode has no credentials configured', () => {
    expect(() => authApi({ defaultMode: 'AMAZON_COGNITO_USER_POOLS', additionalModes: [] })).toThrow(/signing key/);
    expect(() => authApi({ defaultMode: 'API_KEY', additionalModes: [], apiKeys: [] })).toThrow(/API keys/);
  });
});

describe('field authorization directives', () => {
  const notAuthorized = (field: string, type: string, path: (string | number)[]) =>
    expect.objectContaining({ path, errorType: 'Unauthorized', data: null, errorInfo: null, message: `Not Authorized to access ${field} on type ${type}` });

  it('refuses a group-restricted field to a user outside the group, without running its resolver', async () => {
    const calls: string[] = [];
    const a = authApi(cognitoDefault, calls);
    const res = await query(a, '{ me adminOnly legacyAdmin }', undefined, bearer('bob'));
    expect(res.body.data).toEqual({ me: 'me:ok', adminOnly: null, legacyAdmin: null });
    expect(res.body.errors).toEqual([notAuthorized('adminOnly', 'Query', ['adminOnly']), notAuthorized('legacyAdmin', 'Query', ['legacyAdmin'])]);
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
    expect(user.body.errors).toEqual([notAuthorized('secret', 'Board', ['board', 'secret']), notAuthorized('keyed', 'Board', ['board', 'keyed'])]);
    const admin = await query(a, '{ board { secret open } }', undefined, bearer('root', ['admin']));
    expect(admin.body).toEqual({ data: { board: { secret: 's', open: 'o' } } });
    const key = await query(a, '{ board { keyed } }');
    expect(key.body.data).toEqual({ board: null });
  });
});
