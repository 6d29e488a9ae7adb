import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CLOCK_SKEW_SECONDS,
  claimsFor,
  LOCAL_CLIENT_ID,
  LOCAL_ISSUER,
  loadOrCreateSigningKey,
  localUserPool,
  signClaims,
  signToken,
  subFor,
  verifyToken,
} from '../../src/runtime/auth/jwt.ts';
import { badTokens } from './bad-tokens.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'local-appsync-jwt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const key = loadOrCreateSigningKey(dir);
const pool = localUserPool(key);
const now = 1_700_000_000;

describe('the local signing key', () => {
  it('is stored once, mode 0600, and reused', async () => {
    expect(statSync(path.join(dir, 'jwt-signing-key.pem')).mode & 0o777).toBe(0o600);
    const again = loadOrCreateSigningKey(dir);
    expect(again.kid).toBe(key.kid);
    expect((await verifyToken(localUserPool(again), signToken(key, { username: 'alice' }))).ok).toBe(true);
  });
});

/** The claims Cognito puts in both its access and its ID tokens. */
const SHARED_CLAIMS = [
  'auth_time',
  'cognito:groups',
  'event_id',
  'exp',
  'iat',
  'iss',
  'jti',
  'origin_jti',
  'sub',
  'token_use',
];

describe('local tokens', () => {
  it('signs access tokens with the claims Cognito puts in one, and no ID-token claims', async () => {
    const verified = await verifyToken(
      pool,
      signToken(key, { username: 'alice', groups: ['admin'], email: 'a@example.com' }, now),
      now + 1,
    );
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(Object.keys(verified.claims).sort()).toEqual([...SHARED_CLAIMS, 'client_id', 'scope', 'username'].sort());
    expect(verified.claims).toMatchObject({
      sub: subFor('alice'),
      iss: LOCAL_ISSUER,
      client_id: LOCAL_CLIENT_ID,
      token_use: 'access',
      username: 'alice',
      'cognito:groups': ['admin'],
      auth_time: now,
      iat: now,
      exp: now + 12 * 3600,
    });
    expect(subFor('alice')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(subFor('alice')).not.toBe(subFor('bob'));
  });

  it('signs ID tokens with the claims Cognito puts in one', async () => {
    const token = signToken(key, { username: 'alice', groups: ['admin'], email: 'a@example.com', use: 'id' }, now);
    const verified = await verifyToken(pool, token, now + 1);
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(Object.keys(verified.claims).sort()).toEqual(
      [...SHARED_CLAIMS, 'aud', 'cognito:username', 'email', 'email_verified'].sort(),
    );
    expect(verified.claims).toMatchObject({
      aud: LOCAL_CLIENT_ID,
      token_use: 'id',
      'cognito:username': 'alice',
      email: 'a@example.com',
      email_verified: true,
      sub: subFor('alice'),
    });
    const withoutEmail = await verifyToken(pool, signToken(key, { username: 'bob', use: 'id' }, now), now);
    expect(withoutEmail.ok && 'email' in withoutEmail.claims).toBe(false);
  });

  it(`allows ${CLOCK_SKEW_SECONDS} s of clock skew on iat, nbf and exp, and no more`, async () => {
    const at = (claims: Record<string, unknown>) =>
      verifyToken(pool, signClaims(key, { ...claimsFor({ username: 'a' }, now), ...claims }), now);
    expect((await at({ iat: now + CLOCK_SKEW_SECONDS, nbf: now + CLOCK_SKEW_SECONDS })).ok).toBe(true);
    expect((await at({ exp: now - CLOCK_SKEW_SECONDS + 1 })).ok).toBe(true);
    expect(await at({ iat: now + CLOCK_SKEW_SECONDS + 1 })).toMatchObject({ ok: false, reason: 'invalid-claims' });
    expect(await at({ nbf: now + CLOCK_SKEW_SECONDS + 1 })).toMatchObject({ ok: false, reason: 'invalid-claims' });
    expect(await at({ exp: now - CLOCK_SKEW_SECONDS })).toMatchObject({ ok: false, reason: 'expired' });
  });
});

describe('verifyToken refuses', () => {
  const otherKey = loadOrCreateSigningKey(path.join(dir, 'other'));
  it.each(badTokens(key, otherKey, now))('$name', async ({ token, reason, detail }) => {
    const result = await verifyToken(pool, token, now);
    expect(result).toMatchObject({ ok: false, reason });
    if (!result.ok) expect(result.detail).toMatch(detail);
  });
});

describe('a token whose signature was verified before', () => {
  it('is still checked against the clock at each use', async () => {
    const token = signToken(key, { username: 'again', expiresInSeconds: 3600 }, now);
    const exp = now + 3600;
    expect((await verifyToken(pool, token, now)).ok).toBe(true);
    expect((await verifyToken(pool, token, exp - CLOCK_SKEW_SECONDS - 1)).ok).toBe(true);
    expect(await verifyToken(pool, token, exp + CLOCK_SKEW_SECONDS)).toMatchObject({ ok: false, reason: 'expired' });
    expect(await verifyToken(pool, token, now - CLOCK_SKEW_SECONDS - 1)).toMatchObject({
      ok: false,
      reason: 'invalid-claims',
    });
    expect((await verifyToken(pool, token, now)).ok).toBe(true);
  });

  it('passes from its last check until the second where a full check would fail, and not after', async () => {
    const day = 24 * 60 * 60;
    const shortLived = signToken(key, { username: 'edge', expiresInSeconds: 600 }, now);
    expect((await verifyToken(pool, shortLived, now)).ok).toBe(true);
    expect((await verifyToken(pool, shortLived, now + 600 + CLOCK_SKEW_SECONDS - 1)).ok).toBe(true);
    expect(await verifyToken(pool, shortLived, now + 600 + CLOCK_SKEW_SECONDS)).toMatchObject({ reason: 'expired' });
    // Past Cognito's longest validity, a token is too old whatever its exp says.
    const longLived = signToken(key, { username: 'old', expiresInSeconds: 3 * day }, now);
    expect((await verifyToken(pool, longLived, now)).ok).toBe(true);
    expect((await verifyToken(pool, longLived, now + day + CLOCK_SKEW_SECONDS)).ok).toBe(true);
    expect(await verifyToken(pool, longLived, now + day + CLOCK_SKEW_SECONDS + 1)).toMatchObject({
      ok: false,
      reason: 'expired',
    });
  });

  it('gives each use its own claims: a change by one caller never reaches the next', async () => {
    const token = signToken(key, { username: 'groups', groups: ['admins'] }, now);
    const first = await verifyToken(pool, token, now);
    if (!first.ok) throw new Error(first.detail);
    (first.claims['cognito:groups'] as string[]).push('intruders');
    first.claims.sub = 'someone-else';
    const unchanged = { ok: true, claims: { sub: subFor('groups'), 'cognito:groups': ['admins'] } };
    const second = await verifyToken(pool, token, now);
    expect(second).toMatchObject(unchanged);
    if (second.ok) (second.claims['cognito:groups'] as string[]).push('intruders');
    expect(await verifyToken(pool, token, now)).toMatchObject(unchanged);
  });

  it('does not vouch for the same claims under another signature', async () => {
    const token = signToken(key, { username: 'twice' }, now);
    expect((await verifyToken(pool, token, now)).ok).toBe(true);
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await verifyToken(pool, `${header}.${payload}.${flipped}`, now)).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
  });
});
