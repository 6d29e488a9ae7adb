/**
 * Opaque pagination tokens: DynamoDB's LastEvaluatedKey, bound to the table and index it came from,
 * encrypted and authenticated with AES-256-GCM, then base64url. AppSync's tokens are likewise
 * encrypted, so clients cannot read or forge them.
 */
import { createCipheriv, createDecipheriv, createHash, randomFillSync } from 'node:crypto';
import { toWireMap, type WireItem } from './values.ts';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What AppSync answers for a token it cannot use (seen in public AppSync error reports). */
export const INVALID_TOKEN_ERROR = {
  type: 'DynamoDB:UserIllegalArgumentException',
  message: 'com.amazonaws.deepdish.common.pagination.InvalidPaginationTokenException: Invalid pagination token given.',
};

export class InvalidTokenError extends Error {}

interface TokenBody {
  /** Operation, table, index ('' for the base table) and key condition the key belongs to. */
  s: string;
  k: Record<string, unknown>;
}

export function checkTokenKey(key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length !== 32) throw new Error('tokenKey must be a 32-byte Buffer (AES-256)');
}

/**
 * What a token is valid for. A Query's token is also tied to its key condition: the start key of one
 * partition replayed on another would otherwise reach DynamoDB, which answers ValidationException.
 */
export function scopeOf(operation: string, table: string, index: string | undefined, keyCondition?: unknown): string {
  const condition = keyCondition === undefined ? '' : conditionDigest(JSON.stringify(keyCondition));
  return `${operation}|${table}|${index ?? ''}|${condition}`;
}

/** How many key conditions' digests are kept (the oldest is forgotten first). */
const CONDITION_DIGESTS = 1000;
const conditionDigests = new Map<string, string>();

/** A key condition's SHA-256, kept by its text: clients page through the same few conditions. */
function conditionDigest(text: string): string {
  let digest = conditionDigests.get(text);
  if (digest === undefined) {
    digest = createHash('sha256').update(text).digest('base64url');
    if (conditionDigests.size >= CONDITION_DIGESTS) conditionDigests.delete(conditionDigests.keys().next().value!);
    conditionDigests.set(text, digest);
  }
  return digest;
}

/** Random IVs drawn from one pool refilled 256 at a time: a call to the CSPRNG per token costs more. */
const ivPool = Buffer.alloc(IV_BYTES * 256);
let ivTaken = ivPool.length;
function freshIv(): Buffer {
  if (ivTaken === ivPool.length) {
    randomFillSync(ivPool);
    ivTaken = 0;
  }
  ivTaken += IV_BYTES;
  return Buffer.from(ivPool.subarray(ivTaken - IV_BYTES, ivTaken));
}

export function encodeNextToken(key: Buffer, scope: string, lastEvaluatedKey: WireItem): string {
  const iv = freshIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body: TokenBody = { s: scope, k: lastEvaluatedKey };
  const sealed = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The ExclusiveStartKey inside a token; InvalidTokenError when it is forged, damaged or from elsewhere. */
export function decodeNextToken(key: Buffer, scope: string, token: unknown): WireItem {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]+$/.test(token)) throw new InvalidTokenError('not a token');
  const raw = Buffer.from(token, 'base64url');
  if (raw.length <= 1 + IV_BYTES + TAG_BYTES || raw[0] !== VERSION) throw new InvalidTokenError('malformed token');
  const iv = raw.subarray(1, 1 + IV_BYTES);
  const tag = raw.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const sealed = raw.subarray(1 + IV_BYTES + TAG_BYTES);
  let body: TokenBody;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    body = JSON.parse(Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8')) as TokenBody;
  } catch {
    throw new InvalidTokenError('token does not authenticate');
  }
  if (body.s !== scope)
    throw new InvalidTokenError('token belongs to another table, index, operation or key condition');
  try {
    return toWireMap(body.k, 'nextToken');
  } catch {
    throw new InvalidTokenError('token content is not a key');
  }
}
