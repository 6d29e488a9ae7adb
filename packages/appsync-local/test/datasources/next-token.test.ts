import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeNextToken, encodeNextToken, scopeOf } from '../../src/datasources/dynamodb/next-token.ts';

describe('nextToken encryption', () => {
  const key = randomBytes(32);
  const scope = scopeOf('Query', 'table', 'GSI');
  const last = { PK: { S: 'EVENT#1' }, SK: { S: 'MATCH#05' } };

  it('uses a fresh IV for every token, across refills of the IV pool, and each token still opens', () => {
    const tokens = Array.from({ length: 600 }, () => encodeNextToken(key, scope, last));
    const ivs = new Set(tokens.map((t) => Buffer.from(t, 'base64url').subarray(1, 13).toString('hex')));
    expect(ivs.size).toBe(tokens.length);
    for (const t of [tokens[0], tokens[255], tokens[256], tokens[599]])
      expect(decodeNextToken(key, scope, t)).toEqual(last);
  });
});
