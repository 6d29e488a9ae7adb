/**
 * Cognito user-pool tokens for the local runtime. The local key stands in for the user pool: it signs
 * access and ID tokens for dev users (node:crypto), and `createTokenVerifier` checks tokens the way
 * AppSync does for a user pool (jose), against a JWKS: the local key's, or a user-pool emulator's
 * (`src/runtime/cognito/`), or both (`verifyTokenOfPools`).
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  sign,
  type KeyObject,
} from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createLocalJWKSet,
  decodeJwt,
  errors,
  jwtVerify,
  type JWK,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
} from 'jose';

export interface KeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** Key id written in the token header: derived from the public key. */
  kid: string;
}

/** The issuer of local tokens: deliberately not a resolvable host. */
export const LOCAL_ISSUER = 'https://cognito-idp.local/local_pool';
/** The app client id of local tokens (`client_id` of access tokens, `aud` of ID tokens). */
export const LOCAL_CLIENT_ID = 'local-client';
/** The usernames and group names the local signer issues tokens for (`npm run token`, `/dev/token`). */
export const LOCAL_NAME = /^[A-Za-z0-9._@+-]{1,128}$/;
export const DEFAULT_EXPIRY_SECONDS = 12 * 60 * 60;
/** Cognito's longest access/ID token validity (one day): a token issued longer ago is refused. */
const MAX_TOKEN_AGE_SECONDS = 24 * 60 * 60;
/** Clock skew allowed on exp, nbf and iat. */
export const CLOCK_SKEW_SECONDS = 60;
const KEY_FILE = 'jwt-signing-key.pem';

function keyPairFrom(privateKey: KeyObject): KeyPair {
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return { privateKey, publicKey, kid: createHash('sha256').update(der).digest('base64url').slice(0, 16) };
}

/** Reads the PEM RSA key in `dir`, creating it (mode 0600) on first use. */
export function loadOrCreateSigningKey(dir: string): KeyPair {
  const file = path.join(dir, KEY_FILE);
  mkdirSync(dir, { recursive: true });
  try {
    return keyPairFrom(createPrivateKey(readFileSync(file, 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`${file}: cannot read the signing key: ${(err as Error).message}`);
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  try {
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      return keyPairFrom(createPrivateKey(readFileSync(file, 'utf8')));
    throw err;
  }
  return keyPairFrom(privateKey);
}

/** A stable UUID-formatted subject for a username (SHA-256 based, version nibble 4/variant 8-b). */
export function subFor(username: string): string {
  const h = createHash('sha256').update(`local-user:${username}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export type TokenUse = 'access' | 'id';

export interface TokenRequest {
  username: string;
  groups?: string[];
  expiresInSeconds?: number;
  /** An ID-token claim: ignored for access tokens, as Cognito does. */
  email?: string;
  /** The ID token's `email_verified` claim, sent with `email`; default true (a seeded user's address is verified). */
  emailVerified?: boolean;
  /** Default 'access'. */
  use?: TokenUse;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The claims Cognito puts in an access or ID token for `req`. */
export function claimsFor(req: TokenRequest, nowSeconds: number): Record<string, unknown> {
  const common = {
    sub: subFor(req.username),
    iss: LOCAL_ISSUER,
    origin_jti: randomUUID(),
    event_id: randomUUID(),
    auth_time: nowSeconds,
    iat: nowSeconds,
    exp: nowSeconds + (req.expiresInSeconds ?? DEFAULT_EXPIRY_SECONDS),
    jti: randomUUID(),
    ...(req.groups && req.groups.length > 0 ? { 'cognito:groups': [...req.groups] } : {}),
  };
  if (req.use === 'id') {
    return {
      ...common,
      aud: LOCAL_CLIENT_ID,
      token_use: 'id',
      'cognito:username': req.username,
      ...(req.email !== undefined ? { email: req.email, email_verified: req.emailVerified ?? true } : {}),
    };
  }
  return {
    ...common,
    client_id: LOCAL_CLIENT_ID,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    username: req.username,
  };
}

/** Signs any claims as an RS256 JWT with the local key (tests use it to forge bad tokens). */
export function signClaims(
  key: KeyPair,
  claims: Record<string, unknown>,
  header: Record<string, unknown> = {},
): string {
  const input = `${b64({ kid: key.kid, alg: 'RS256', typ: 'JWT', ...header })}.${b64(claims)}`;
  const signature = sign('RSA-SHA256', Buffer.from(input), key.privateKey).toString('base64url');
  return `${input}.${signature}`;
}

/** Signs a Cognito-like access token (or ID token with `use: 'id'`) for `username`. */
export function signToken(key: KeyPair, req: TokenRequest, nowSeconds = Math.floor(Date.now() / 1000)): string {
  return signClaims(key, claimsFor(req, nowSeconds));
}

/** What a verifier trusts: a user pool's issuer, its app client, and its signing keys. */
export interface UserPoolConfig {
  issuer: string;
  clientId: string;
  jwks: JWTVerifyGetKey;
}

/** The local key as a one-key user pool. */
export function localUserPool(key: KeyPair): UserPoolConfig {
  const jwk: JWK = { ...key.publicKey.export({ format: 'jwk' }), kid: key.kid, alg: 'RS256', use: 'sig' };
  return { issuer: LOCAL_ISSUER, clientId: LOCAL_CLIENT_ID, jwks: createLocalJWKSet({ keys: [jwk] }) };
}

export type VerifyFailure = 'malformed' | 'bad-signature' | 'expired' | 'invalid-claims';

export type VerifyResult =
  { ok: true; claims: Record<string, unknown> } | { ok: false; reason: VerifyFailure; detail: string };

const fail = (reason: VerifyFailure, detail: string): VerifyResult => ({ ok: false, reason, detail });

function failureOf(err: unknown): VerifyResult {
  if (err instanceof errors.JWTExpired) return fail('expired', err.message);
  if (err instanceof errors.JWTClaimValidationFailed) return fail('invalid-claims', err.message);
  if (
    err instanceof errors.JWSSignatureVerificationFailed ||
    err instanceof errors.JOSEAlgNotAllowed ||
    err instanceof errors.JWKSNoMatchingKey ||
    err instanceof errors.JOSENotSupported
  ) {
    return fail('bad-signature', (err as Error).message);
  }
  if (err instanceof errors.JOSEError) return fail('malformed', err.message);
  throw err;
}

/** How many tokens whose signature was verified each pool remembers (the oldest is forgotten first). */
const SIGNATURE_CACHE_SIZE = 1000;

/**
 * A token whose signature and claims were checked: its claims, and the span of epoch seconds in which
 * the same checks pass again. A token's text, and so its signature and claims, never changes; only the
 * clock moves. Checked at `checkedAt`, it passes at any later second before `until`: its lower bounds
 * (`nbf`, `iat` in the past) held then and hold later, and `until` is where `exp` or the token's age
 * would first fail (CLOCK_SKEW_SECONDS included, as jose counts them).
 */
interface CheckedToken {
  claims: Record<string, unknown>;
  checkedAt: number;
  until: number;
}

/**
 * Per pool: token → what its last full check found. A signature check costs about a millisecond of
 * RSA and jose's claim checks about 0.015 ms; both are done once for a token, and again only when
 * the clock leaves the span they hold for (where jose gives the error).
 */
const checkedTokens = new WeakMap<UserPoolConfig, Map<string, CheckedToken>>();

function checkedOf(pool: UserPoolConfig): Map<string, CheckedToken> {
  let cache = checkedTokens.get(pool);
  if (!cache) checkedTokens.set(pool, (cache = new Map()));
  return cache;
}

const epochSeconds = (date: Date | undefined) => Math.floor((date ?? new Date()).getTime() / 1000);

function validUntil(claims: Record<string, unknown>, options: JWTVerifyOptions): number {
  const tolerance = Number(options.clockTolerance ?? 0);
  let until = Number.POSITIVE_INFINITY;
  // jose counts whole seconds: expired once exp <= now - tolerance.
  if (typeof claims.exp === 'number') until = Math.min(until, Math.ceil(claims.exp + tolerance));
  // jose: too old once now - iat - tolerance > maxTokenAge, so the last good second is the floor of their sum.
  if (typeof options.maxTokenAge === 'number' && typeof claims.iat === 'number')
    until = Math.min(until, Math.floor(claims.iat + options.maxTokenAge + tolerance) + 1);
  return until;
}

async function verifiedClaims(
  pool: UserPoolConfig,
  token: string,
  options: JWTVerifyOptions,
): Promise<Record<string, unknown>> {
  const cache = checkedOf(pool);
  const now = epochSeconds(options.currentDate);
  const known = cache.get(token);
  // Copies in and out: no caller can change what a later request with the same token is given.
  if (known !== undefined && known.checkedAt <= now && now < known.until) return structuredClone(known.claims);
  // Signature first, then the claims, as jose does them (its errors name the failure).
  const { payload } = await jwtVerify(token, pool.jwks, { ...options, algorithms: ['RS256'] });
  if (!known && cache.size >= SIGNATURE_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(token, { claims: structuredClone(payload), checkedAt: now, until: validUntil(payload, options) });
  return payload;
}

/**
 * Checks a user-pool token as AppSync does: RS256 signature by a key of the pool's JWKS, `exp`, `nbf`
 * and `iat` (with CLOCK_SKEW_SECONDS), the pool's issuer, `token_use` of `access` (whose `client_id`
 * must be the app client) or `id` (whose `aud` must be), a `sub`, and the username claim of its use.
 */
export async function verifyToken(pool: UserPoolConfig, token: string, nowSeconds?: number): Promise<VerifyResult> {
  let claims: Record<string, unknown>;
  try {
    claims = await verifiedClaims(pool, token, {
      issuer: pool.issuer,
      requiredClaims: ['sub', 'exp', 'iat', 'token_use'],
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      clockTolerance: CLOCK_SKEW_SECONDS,
      currentDate: nowSeconds === undefined ? undefined : new Date(nowSeconds * 1000),
    });
  } catch (err) {
    return failureOf(err);
  }
  if (typeof claims.sub !== 'string' || claims.sub === '')
    return fail('invalid-claims', '"sub" claim is not a non-empty string');
  if (claims.token_use === 'access') {
    if (claims.client_id !== pool.clientId) return fail('invalid-claims', 'unexpected "client_id" claim value');
    if (typeof claims.username !== 'string') return fail('invalid-claims', 'missing "username" claim');
  } else if (claims.token_use === 'id') {
    if (claims.aud !== pool.clientId) return fail('invalid-claims', 'unexpected "aud" claim value');
    if (typeof claims['cognito:username'] !== 'string')
      return fail('invalid-claims', 'missing "cognito:username" claim');
  } else {
    return fail('invalid-claims', '"token_use" claim is neither "access" nor "id"');
  }
  return { ok: true, claims };
}

/**
 * Checks a token against several trusted pools (the local key's and a local user pool's): the pool is
 * chosen by the token's unverified `iss`, then `verifyToken` checks everything, the issuer included.
 * AppSync trusts one pool; two are trusted locally so that signed-in users and `npm run token` both work.
 */
export async function verifyTokenOfPools(
  pools: readonly UserPoolConfig[],
  token: string,
  nowSeconds?: number,
): Promise<VerifyResult> {
  // A token whose signature a pool verified has that pool's issuer (checked then): no need to decode it
  // again to choose the pool, when that pool is the first of its issuer, as the choice below would be.
  const known = pools.find((p) => checkedTokens.get(p)?.has(token));
  if (known && pools.find((p) => p.issuer === known.issuer) === known) return verifyToken(known, token, nowSeconds);
  let issuer: unknown;
  try {
    issuer = decodeJwt(token).iss;
  } catch (err) {
    return failureOf(err);
  }
  return verifyToken(pools.find((p) => p.issuer === issuer) ?? pools[0], token, nowSeconds);
}
