/**
 * RS256 JSON Web Tokens shaped like Cognito user-pool tokens, signed by a local key (node:crypto only).
 * The local runtime stands in for the user pool: it signs tokens for dev users and verifies them.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface KeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** Key id written in the token header: derived from the public key. */
  kid: string;
}

/** The issuer of local tokens: deliberately not a resolvable host. */
export const LOCAL_ISSUER = 'https://cognito-idp.local/local_pool';
export const DEFAULT_EXPIRY_SECONDS = 12 * 60 * 60;
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
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${file}: cannot read the signing key: ${(err as Error).message}`);
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  try {
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return keyPairFrom(createPrivateKey(readFileSync(file, 'utf8')));
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

export interface TokenRequest {
  username: string;
  groups?: string[];
  expiresInSeconds?: number;
  email?: string;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs a Cognito-access-token-like JWT for `username`. */
export function signToken(key: KeyPair, req: TokenRequest, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const claims: Record<string, unknown> = {
    sub: subFor(req.username),
    iss: LOCAL_ISSUER,
    client_id: 'local-client',
    origin_jti: randomUUID(),
    event_id: randomUUID(),
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: nowSeconds,
    iat: nowSeconds,
    exp: nowSeconds + (req.expiresInSeconds ?? DEFAULT_EXPIRY_SECONDS),
    jti: randomUUID(),
    username: req.username,
    'cognito:username': req.username,
  };
  if (req.groups && req.groups.length > 0) claims['cognito:groups'] = [...req.groups];
  if (req.email !== undefined) claims.email = req.email;
  const input = `${b64({ kid: key.kid, alg: 'RS256', typ: 'JWT' })}.${b64(claims)}`;
  const signature = sign('RSA-SHA256', Buffer.from(input), key.privateKey).toString('base64url');
  return `${input}.${signature}`;
}

export type VerifyResult =
  | { ok: true; claims: Record<string, unknown> }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' };

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Checks the token's form, RS256 signature against `key`, and expiry. */
export function verifyToken(key: KeyPair, token: string, nowSeconds = Math.floor(Date.now() / 1000)): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return { ok: false, reason: 'malformed' };
  const header = decodeJson(parts[0]);
  const claims = decodeJson(parts[1]);
  if (!header || !claims) return { ok: false, reason: 'malformed' };
  if (header.alg !== 'RS256') return { ok: false, reason: 'bad-signature' };
  const good = verify('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), key.publicKey, Buffer.from(parts[2], 'base64url'));
  if (!good) return { ok: false, reason: 'bad-signature' };
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
