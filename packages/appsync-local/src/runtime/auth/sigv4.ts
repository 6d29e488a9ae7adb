/**
 * AWS Signature Version 4 on an incoming request, checked as AppSync checks an AWS_IAM request: the
 * access key and session token must be a known principal's, the request is signed again with that
 * principal's secret (the same method, path, query, signed headers, body and x-amz-date, by
 * @smithy/signature-v4, the signer AWS's own SDKs use) and the signatures must be equal, and the
 * x-amz-date must be within 5 minutes of now.
 *
 * AppSync's answers to a bad signature are not in its guide; what clients reported:
 * - bad signature: HTTP 403, `x-amzn-ErrorType: InvalidSignatureException` (aws-amplify/amplify-js#2422),
 *   with IAM's usual message "The request signature we calculated does not match..." (which AppSync's
 *   real-time endpoint also sends: awslabs/aws-mobile-appsync-sdk-js#561);
 * - unknown key or session token: HTTP 403 UnrecognizedClientException "The security token included
 *   in the request is invalid." (aws-amplify/amplify-js#3447);
 * - a clock more than 5 minutes off: BadRequestException "Signature expired: ..." with HTTP 400
 *   (aws-amplify/amplify-js#11480, aws-amplify/amplify-js#5869), in the wording of every AWS
 *   service's "is now earlier than ... - 5 min." (aws/aws-cli#6833);
 * - a signed header that the request lacks: IncompleteSignatureException (aws-mobile-appsync-sdk-js#702);
 *   its status, and the wording of the other incomplete-signature cases (`host` not signed among them),
 *   are *(guess)*: AWS's usual 400.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { NodeSha256 } from '../io/sha256.ts';
import { SignatureV4 } from '@smithy/signature-v4';
import type { LocalPrincipal, LocalPrincipals } from './principals.ts';

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
/** AWS's allowed clock difference between the signer and the service. */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** What was signed, besides the headers: the request line and the body exactly as received. */
export interface SignedRequest {
  method: string;
  /** The request target: path, and query string if any. */
  path: string;
  body: string;
}

export interface SigV4Failure {
  ok: false;
  status: 400 | 403;
  errorType:
    | 'InvalidSignatureException'
    | 'UnrecognizedClientException'
    | 'BadRequestException'
    | 'IncompleteSignatureException';
  message: string;
}

export type SigV4Result = { ok: true; principal: LocalPrincipal } | SigV4Failure;

export const SIGNATURE_MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';
export const UNKNOWN_TOKEN = 'The security token included in the request is invalid.';

const fail = (status: SigV4Failure['status'], errorType: SigV4Failure['errorType'], message: string): SigV4Failure => ({
  ok: false,
  status,
  errorType,
  message,
});
const incomplete = (message: string) => fail(400, 'IncompleteSignatureException', message);

export interface VerifyOptions {
  /** Lower-case header names. */
  headers: Record<string, string>;
  request: SignedRequest;
  principals: Pick<LocalPrincipals, 'find'>;
  region: string;
  service: string;
  nowMs?: number;
}

/** The parts of `AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…`, or a failure. */
function parseAuthorization(
  header: string,
): { credential: string[]; signedHeaders: string[]; signature: string } | SigV4Failure {
  const params = new Map<string, string>();
  for (const part of header.slice(SIGV4_ALGORITHM.length).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const missing = ['Credential', 'SignedHeaders', 'Signature'].filter((p) => !params.get(p));
  if (missing.length > 0)
    return incomplete(missing.map((p) => `Authorization header requires '${p}' parameter.`).join(' '));
  const credential = params.get('Credential')!.split('/');
  if (credential.length !== 5 || credential[4] !== 'aws4_request') {
    return incomplete(`Credential should be scoped to a valid region, service and date: ${params.get('Credential')}`);
  }
  return { credential, signedHeaders: params.get('SignedHeaders')!.split(';'), signature: params.get('Signature')! };
}

/** `20240101T000000Z` as a Date, or undefined. */
function parseAmzDate(value: string | undefined): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return undefined;
  const date = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const amzDate = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function clockProblem(signedAt: Date, nowMs: number): SigV4Failure | undefined {
  const signed = amzDate(signedAt.getTime());
  if (signedAt.getTime() < nowMs - MAX_CLOCK_SKEW_MS) {
    return fail(
      400,
      'BadRequestException',
      `Signature expired: ${signed} is now earlier than ${amzDate(nowMs - MAX_CLOCK_SKEW_MS)} (${amzDate(nowMs)} - 5 min.)`,
    );
  }
  if (signedAt.getTime() > nowMs + MAX_CLOCK_SKEW_MS) {
    return fail(
      400,
      'BadRequestException',
      `Signature not yet current: ${signed} is still later than ${amzDate(nowMs + MAX_CLOCK_SKEW_MS)} (${amzDate(nowMs)} + 5 min.)`,
    );
  }
  return undefined;
}

function queryOf(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(search)) {
    const known = query[k];
    query[k] = known === undefined ? v : [...[known].flat(), v];
  }
  return query;
}

export async function verifySigV4(opts: VerifyOptions): Promise<SigV4Result> {
  const { headers, request } = opts;
  const parsed = parseAuthorization(headers['authorization'] ?? '');
  if ('ok' in parsed) return parsed;
  const { credential, signedHeaders, signature } = parsed;

  // SigV4 requires `host` to be signed; without it a signature is tied to no host.
  if (!signedHeaders.includes('host')) return incomplete("'Host' must be a signed header.");
  const signedAt = parseAmzDate(headers['x-amz-date']);
  if (!signedAt)
    return incomplete("Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.");
  for (const name of signedHeaders) {
    if (headers[name] === undefined)
      return incomplete(`'${name}' is named as a SignedHeader, but it does not exist in the HTTP request.`);
  }

  const principal = opts.principals.find(credential[0], headers['x-amz-security-token']);
  if (!principal) return fail(403, 'UnrecognizedClientException', UNKNOWN_TOKEN);

  const skew = clockProblem(signedAt, opts.nowMs ?? Date.now());
  if (skew) return skew;

  // A client may send the body's hash; it must be this body's, or a changed body would pass.
  const bodyHash = createHash('sha256').update(request.body).digest('hex');
  const claimedHash = headers['x-amz-content-sha256'];
  if (claimedHash !== undefined && claimedHash !== bodyHash)
    return fail(403, 'InvalidSignatureException', SIGNATURE_MISMATCH);

  const queryStart = request.path.indexOf('?');
  // applyChecksum off: the body hash header is signed only when the client signed it (AppSync does not
  // require it, and many signers, aws-amplify's among them, leave it out); the body is bound either way.
  const signer = new SignatureV4({
    service: opts.service,
    region: opts.region,
    credentials: principal,
    sha256: NodeSha256,
    applyChecksum: false,
  });
  const resigned = await signer.sign(
    {
      method: request.method,
      protocol: 'https:',
      hostname: headers['host'] ?? '',
      path: queryStart < 0 ? request.path : request.path.slice(0, queryStart),
      query: queryStart < 0 ? {} : queryOf(request.path.slice(queryStart + 1)),
      headers: Object.fromEntries(signedHeaders.map((name) => [name, headers[name]])),
      body: request.body,
    },
    { signingDate: signedAt, signableHeaders: new Set(signedHeaders) },
  );
  const expected = parseAuthorization(resigned.headers['authorization']);
  if ('ok' in expected) throw new Error('sigv4: the signer produced an Authorization header it cannot parse');
  const same =
    expected.credential.join('/') === credential.join('/') &&
    expected.signedHeaders.join(';') === signedHeaders.join(';') &&
    expected.signature.length === signature.length &&
    timingSafeEqual(Buffer.from(expected.signature), Buffer.from(signature));
  return same ? { ok: true, principal } : fail(403, 'InvalidSignatureException', SIGNATURE_MISMATCH);
}
