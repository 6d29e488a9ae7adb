/**
 * The wire's own SigV4 (src/datasources/dynamodb/sign.ts) gives the headers and the signature the
 * SDK's signer, @smithy/signature-v4, gives the same request: across bodies (empty, non-ASCII, large),
 * dates (the signing key is kept for a day, then derived again), and credentials.
 */
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { wireSigner } from '../../src/datasources/dynamodb/sign.ts';
import { NodeSha256 } from '../../src/runtime/io/sha256.ts';
import { Sha256 } from '@aws-crypto/sha256-js';

const credentials = { accessKeyId: 'AKIDLOCAL0123456789', secretAccessKey: 'c2VjcmV0/with+chars=' };
const headers = {
  host: '127.0.0.1:8600',
  'content-type': 'application/x-amz-json-1.0',
  'x-amz-target': 'DynamoDB_20120810.Query',
};

async function sdkSigned(body: string, date: Date, sha256: typeof Sha256 | typeof NodeSha256 = Sha256) {
  const signer = new SignatureV4({ credentials, region: 'us-east-1', service: 'dynamodb', sha256 });
  const signed = await signer.sign(
    { method: 'POST', protocol: 'http:', hostname: '127.0.0.1', port: 8600, path: '/', headers: { ...headers }, body },
    { signingDate: date },
  );
  return signed.headers;
}

describe("the wire's SigV4", () => {
  it('signs as the SDK signer does', async () => {
    const sign = wireSigner(credentials, 'us-east-1', 'dynamodb');
    const bodies = ['', '{}', '{"TableName":"t","Key":{"PK":{"S":"é✓"}}}', JSON.stringify({ x: 'y'.repeat(70_000) })];
    const dates = [
      '2025-01-01T00:00:00.000Z',
      '2025-01-01T23:59:59.999Z',
      '2025-01-02T00:00:00.001Z',
      '2030-06-15T12:34:56.789Z',
    ];
    for (const iso of dates) {
      for (const body of bodies) {
        const date = new Date(iso);
        const expected = await sdkSigned(body, date);
        expect(sign(headers, body, date)).toEqual(expected);
        // The node:crypto hashes the runtime gives the SDK signer elsewhere (io/sha256.ts) agree too.
        expect(await sdkSigned(body, date, NodeSha256)).toEqual(expected);
      }
    }
  });
});
