/** A SigV4-signed POST to a local API, as any AWS client signs for AppSync. */
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { LOCAL_REGION } from '../src/runtime/process/dynamodb-credentials.ts';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SignedAnswer {
  status: number;
  data?: any;
  errors?: { errorType?: string; message: string; path?: unknown[] }[];
}

/** POSTs `body` to `apiUrl`, signed for service `appsync` in the local region (or `region`). */
export async function signedPost(
  apiUrl: string,
  body: string,
  credentials: Credentials,
  region: string = LOCAL_REGION,
): Promise<Response> {
  const url = new URL(apiUrl);
  const signer = new SignatureV4({ service: 'appsync', region, credentials, sha256: Sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    headers: { 'content-type': 'application/json', host: url.host },
    body,
  });
  // fetch sets Host itself, from the same URL.
  const { host: _host, ...headers } = signed.headers;
  return fetch(url, { method: 'POST', headers, body });
}

export async function signedGraphql(
  apiUrl: string,
  credentials: Credentials,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<SignedAnswer> {
  const res = await signedPost(apiUrl, JSON.stringify({ query, variables }), credentials);
  return { status: res.status, ...((await res.json()) as Omit<SignedAnswer, 'status'>) };
}
