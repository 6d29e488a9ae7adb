/** The local runtime's SigV4 check, against requests signed by AWS's own signer. */
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { authenticate, type AuthConfig } from '../../src/runtime/auth/authenticate.ts';
import { createLocalPrincipals } from '../../src/runtime/auth/principals.ts';
import { verifySigV4, type SignedRequest } from '../../src/runtime/auth/sigv4.ts';

const REGION = 'us-east-1';
const principals = createLocalPrincipals({ accessKeyId: 'LOCALKEY0001', secretAccessKey: 'local-secret' });
const scorer = principals.issue('score-event', ['Mutation.publish']);
const other = principals.issue('other-function', []);
const NOW = Date.UTC(2026, 10, 22, 7, 0, 0);

interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** Signs like callApi does; returns the headers as a server sees them (lower-case, with Host). */
async function sign(
  credentials: Credentials,
  body: string,
  at = NOW,
  path = '/graphql',
  options: { applyChecksum?: boolean; unsignableHeaders?: Set<string> } = {},
): Promise<Record<string, string>> {
  const signer = new SignatureV4({
    service: 'appsync',
    region: REGION,
    credentials,
    sha256: Sha256,
    applyChecksum: options.applyChecksum ?? true,
  });
  const signed = await signer.sign(
    {
      method: 'POST',
      protocol: 'http:',
      hostname: '127.0.0.1',
      port: 4000,
      path,
      query: {},
      headers: { 'content-type': 'application/json', host: '127.0.0.1:4000' },
      body,
    },
    { signingDate: new Date(at), unsignableHeaders: options.unsignableHeaders },
  );
  return Object.fromEntries(Object.entries(signed.headers).map(([k, v]) => [k.toLowerCase(), v]));
}

const body = JSON.stringify({ query: 'mutation { publish(text: "hi") }', variables: {} });
const request = (b = body, path = '/graphql'): SignedRequest => ({ method: 'POST', path, body: b });
const verify = (headers: Record<string, string>, req = request(), nowMs = NOW) =>
  verifySigV4({ headers, request: req, principals, region: REGION, service: 'appsync', nowMs });

describe('verifySigV4', () => {
  it('accepts a request signed with a principal credentials, and names that principal', async () => {
    const result = await verify(await sign(scorer, body));
    expect(result).toMatchObject({ ok: true, principal: { name: 'score-event' } });
    const otherResult = await verify(await sign(other, body));
    expect(otherResult).toMatchObject({ ok: true, principal: { name: 'other-function' } });
  });

  it('accepts a clock up to 5 minutes off either way', async () => {
    expect((await verify(await sign(scorer, body, NOW - 4 * 60_000))).ok).toBe(true);
    expect((await verify(await sign(scorer, body, NOW + 4 * 60_000))).ok).toBe(true);
  });

  it('refuses a body changed after signing', async () => {
    const headers = await sign(scorer, body);
    const tampered = body.replace('hi', 'ho');
    expect(await verify(headers, request(tampered))).toEqual({
      ok: false,
      status: 403,
      errorType: 'InvalidSignatureException',
      message: expect.stringMatching(/^The request signature we calculated does not match the signature you provided/),
    });
  });

  it('accepts a request signed without a body hash header, and still binds the body', async () => {
    const headers = await sign(scorer, body, NOW, '/graphql', { applyChecksum: false });
    expect(headers['x-amz-content-sha256']).toBeUndefined();
    expect(await verify(headers)).toMatchObject({ ok: true, principal: { name: 'score-event' } });
    expect(await verify(headers, request(body.replace('hi', 'ho')))).toMatchObject({
      ok: false,
      errorType: 'InvalidSignatureException',
    });
  });

  it('refuses a claimed body hash that is not the body hash', async () => {
    const headers = await sign(scorer, body);
    const claimed = {
      ...headers,
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    };
    expect(await verify(claimed)).toMatchObject({ ok: false, errorType: 'InvalidSignatureException' });
  });

  it('refuses a signed header changed after signing, a changed path, and a changed method', async () => {
    const headers = await sign(scorer, body);
    expect(await verify({ ...headers, 'content-type': 'text/plain' })).toMatchObject({
      ok: false,
      status: 403,
      errorType: 'InvalidSignatureException',
    });
    expect(await verify({ ...headers, host: '127.0.0.1:4001' })).toMatchObject({
      ok: false,
      errorType: 'InvalidSignatureException',
    });
    expect(await verify(headers, request(body, '/graphql?x=1'))).toMatchObject({
      ok: false,
      errorType: 'InvalidSignatureException',
    });
    expect(await verify(headers, { ...request(), method: 'PUT' })).toMatchObject({
      ok: false,
      errorType: 'InvalidSignatureException',
    });
    // An unsigned header is not covered, as on AWS.
    expect((await verify({ ...headers, 'user-agent': 'changed' })).ok).toBe(true);
  });

  it('refuses a signature made with the wrong secret', async () => {
    const headers = await sign({ ...scorer, secretAccessKey: 'guessed' }, body);
    expect(await verify(headers)).toMatchObject({ ok: false, status: 403, errorType: 'InvalidSignatureException' });
  });

  it('refuses an unknown access key, an unknown session token, and a missing session token', async () => {
    const unknownKey = await sign({ ...scorer, accessKeyId: 'LOCALKEY9999' }, body);
    const unknownToken = await sign({ ...scorer, sessionToken: 'made-up' }, body);
    // The DynamoDB Local key alone, as any process that can read the key file holds it.
    const noToken = await sign({ accessKeyId: scorer.accessKeyId, secretAccessKey: scorer.secretAccessKey }, body);
    for (const headers of [unknownKey, unknownToken, noToken]) {
      expect(await verify(headers)).toEqual({
        ok: false,
        status: 403,
        errorType: 'UnrecognizedClientException',
        message: 'The security token included in the request is invalid.',
      });
    }
  });

  it('refuses a signature dated more than 5 minutes from now, in AWS wording', async () => {
    const stale = await verify(await sign(scorer, body, NOW - 6 * 60_000));
    expect(stale).toEqual({
      ok: false,
      status: 400,
      errorType: 'BadRequestException',
      message: 'Signature expired: 20261122T065400Z is now earlier than 20261122T065500Z (20261122T070000Z - 5 min.)',
    });
    const early = await verify(await sign(scorer, body, NOW + 6 * 60_000));
    expect(early).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringMatching(/^Signature not yet current: 20261122T070600Z is still later than/),
    });
  });

  it('refuses an incomplete Authorization header and a signed header that is missing', async () => {
    const incomplete = (message: string) => ({
      ok: false,
      status: 400,
      errorType: 'IncompleteSignatureException',
      message,
    });
    const headers = await sign(scorer, body);
    const noSignature = { ...headers, authorization: headers.authorization.replace(/, Signature=[0-9a-f]+/, '') };
    expect(await verify(noSignature)).toMatchObject(incomplete("Authorization header requires 'Signature' parameter."));
    const { 'content-type': _dropped, ...withoutSigned } = headers;
    expect(await verify(withoutSigned)).toMatchObject({
      ok: false,
      errorType: 'IncompleteSignatureException',
      message: "'content-type' is named as a SignedHeader, but it does not exist in the HTTP request.",
    });
    const hostless = await sign(scorer, body, NOW, '/graphql', { unsignableHeaders: new Set(['host']) });
    expect(hostless.authorization).not.toMatch(/SignedHeaders=[^,]*\bhost\b/);
    expect(await verify(hostless)).toEqual(incomplete("'Host' must be a signed header."));
    const { 'x-amz-date': _date, ...undated } = headers;
    expect(await verify(undated)).toMatchObject({ ok: false, errorType: 'IncompleteSignatureException' });
  });
});

describe('authenticate with AWS_IAM', () => {
  const config: AuthConfig = {
    defaultMode: 'API_KEY',
    additionalModes: ['AWS_IAM'],
    apiKeys: ['k'],
    iam: { principals, region: REGION },
  };

  it('gives the IAM identity of the signing function and its granted fields', async () => {
    const headers = await sign(scorer, body, Date.now());
    const result = await authenticate(
      config,
      { ...headers, 'x-forwarded-for': '10.0.0.1' },
      '127.0.0.1',
      undefined,
      request(),
    );
    expect(result).toEqual({
      ok: true,
      auth: {
        mode: 'AWS_IAM',
        identity: {
          accountId: '000000000000',
          cognitoIdentityAuthProvider: null,
          cognitoIdentityAuthType: null,
          cognitoIdentityId: null,
          cognitoIdentityPoolId: null,
          sourceIp: ['10.0.0.1', '127.0.0.1'],
          userArn: 'arn:aws:sts::000000000000:assumed-role/score-event-role/score-event',
          username: expect.stringMatching(/^AROA[0-9A-F]{17}:score-event$/),
        },
        grantedFields: new Set(['Mutation.publish']),
      },
    });
  });

  it('answers a bad signature with its HTTP status and AppSync body', async () => {
    const headers = await sign({ ...scorer, secretAccessKey: 'guessed' }, body, Date.now());
    const result = await authenticate(config, headers, '127.0.0.1', undefined, request());
    expect(result).toMatchObject({
      ok: false,
      status: 403,
      body: { errors: [{ errorType: 'InvalidSignatureException' }] },
    });
  });

  it('refuses a signed request when the caller cannot say what was signed (an older caller)', async () => {
    const headers = await sign(scorer, body, Date.now());
    expect(await authenticate(config, headers, '127.0.0.1')).toMatchObject({ ok: false, status: 403 });
  });

  it('does not read a signature when AWS_IAM is not enabled', async () => {
    const headers = await sign(scorer, body, Date.now());
    const keyOnly: AuthConfig = { defaultMode: 'API_KEY', additionalModes: [], apiKeys: ['k'] };
    expect(await authenticate(keyOnly, headers, '127.0.0.1', undefined, request())).toMatchObject({
      ok: false,
      status: 401,
    });
  });
});
