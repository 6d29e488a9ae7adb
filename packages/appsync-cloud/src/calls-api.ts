/**
 * A Lambda data source's `callsApi`, the function's side: a GraphQL request to this project's AppSync
 * API, signed with the function's own IAM identity (the `callsApi` of its Lambda data source gives it
 * the URL, in API_URL_VARIABLE, and the right to call some fields). The same code runs on Lambda and in
 * the local runtime, which verifies the signature the way AppSync does.
 */
import { Sha256 } from '@aws-crypto/sha256-js';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { SignatureV4 } from '@smithy/signature-v4';

/** The environment variable in which a function with `callsApi` gets the API's GraphQL URL: the one name the wiring may give. */
export const API_URL_VARIABLE = 'API_URL';

export interface ApiResponse {
  data?: unknown;
  errors?: { message: string; errorType?: string }[];
}

const credentials = fromEnv();

/**
 * POSTs `query` to the URL in API_URL_VARIABLE (the one `callsApi` gives), SigV4-signed (service 'appsync', region AWS_REGION) with the
 * credentials in the environment. Resolves with AppSync's body when the request was accepted (field
 * errors included); throws with AppSync's message when it was refused (a non-2xx status).
 */
export async function callApi(query: string, variables?: Record<string, unknown>): Promise<ApiResponse> {
  const url = new URL(required(API_URL_VARIABLE));
  const signer = new SignatureV4({ service: 'appsync', region: required('AWS_REGION'), credentials, sha256: Sha256 });
  const body = JSON.stringify({ query, variables: variables ?? {} });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port === '' ? undefined : Number(url.port),
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: { 'content-type': 'application/json', host: url.host },
    body,
  });
  // fetch sets Host itself, from the same URL.
  const { host: _host, ...headers } = signed.headers;
  const response = await fetch(url, { method: 'POST', headers, body });
  const text = await response.text();
  let parsed: ApiResponse | undefined;
  try {
    parsed = JSON.parse(text) as ApiResponse;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const first = parsed?.errors?.[0];
    const reason = first ? `${first.errorType ?? 'Error'}: ${first.message}` : text.slice(0, 500);
    throw new Error(`AppSync refused the request (HTTP ${response.status}): ${reason}`);
  }
  if (parsed === undefined)
    throw new Error(`AppSync answered HTTP ${response.status} with a body that is not JSON: ${text.slice(0, 500)}`);
  return parsed;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`callApi: the environment variable ${name} is not set`);
  return value;
}
