/**
 * Signs a user-pool call as the AWS SDK does (SigV4, service `cognito-idp`, the local region), with
 * the local credential: what the runtime's own admin calls (creating the pool, the demo users) send.
 */
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import type { LocalCredentials } from '../process/dynamodb-credentials.ts';
import { COGNITO_SERVICE } from './public-actions.ts';

/** `headers` plus the signature's (`authorization`, `x-amz-date`, `x-amz-content-sha256`), for a POST of `body` to `url`. */
export async function signedHeaders(
  url: URL,
  headers: Record<string, string>,
  body: string,
  credentials: LocalCredentials,
  region: string,
): Promise<Record<string, string>> {
  const signer = new SignatureV4({ service: COGNITO_SERVICE, region, credentials, sha256: Sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    path: url.pathname,
    query: {},
    headers: { ...headers, host: url.host },
    body,
  });
  // fetch sends the same Host itself (and may not be given one).
  const { host: _host, ...rest } = signed.headers;
  return rest;
}
