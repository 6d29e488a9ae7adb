/** Tokens a Cognito user pool's verifier must refuse, each with the reason it should give. */
import { createHmac } from 'node:crypto';
import { claimsFor, signClaims, type KeyPair } from '../../src/runtime/auth/jwt.ts';

export interface BadToken {
  name: string;
  token: string;
  reason: 'malformed' | 'bad-signature' | 'expired' | 'invalid-claims';
  /** What the refusal's detail names. */
  detail: RegExp;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Bad tokens for a verifier running at `now`, signed with `key` unless the point is the signature. */
export function badTokens(key: KeyPair, otherKey: KeyPair, now: number): BadToken[] {
  const access = claimsFor({ username: 'mallory', groups: ['admin'] }, now);
  const id = claimsFor({ username: 'mallory', groups: ['admin'], use: 'id' }, now);
  const signed = (claims: Record<string, unknown>) => signClaims(key, claims);
  const without = (claims: Record<string, unknown>, name: string) =>
    Object.fromEntries(Object.entries(claims).filter(([k]) => k !== name));
  const hs256Input = `${b64({ alg: 'HS256', typ: 'JWT', kid: key.kid })}.${b64(access)}`;
  const hs256 = `${hs256Input}.${createHmac('sha256', key.publicKey.export({ type: 'spki', format: 'pem' }))
    .update(hs256Input)
    .digest('base64url')}`;
  const [h, , s] = signed(access).split('.');
  return [
    { name: 'a future nbf', token: signed({ ...access, nbf: now + 3600 }), reason: 'invalid-claims', detail: /nbf/ },
    {
      name: 'a future iat beyond the skew',
      token: signed({ ...access, iat: now + 3600 }),
      reason: 'invalid-claims',
      detail: /iat/,
    },
    {
      name: 'an iat older than a day',
      token: signed({ ...access, iat: now - 2 * 86400, exp: now + 3600 }),
      reason: 'expired',
      detail: /iat/,
    },
    { name: 'no iat', token: signed(without(access, 'iat')), reason: 'invalid-claims', detail: /iat/ },
    {
      name: 'another issuer',
      token: signed({ ...access, iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_other' }),
      reason: 'invalid-claims',
      detail: /iss/,
    },
    { name: 'no issuer', token: signed(without(access, 'iss')), reason: 'invalid-claims', detail: /iss/ },
    {
      name: 'another client_id on an access token',
      token: signed({ ...access, client_id: 'other-client' }),
      reason: 'invalid-claims',
      detail: /client_id/,
    },
    {
      name: 'no client_id on an access token',
      token: signed(without(access, 'client_id')),
      reason: 'invalid-claims',
      detail: /client_id/,
    },
    {
      name: 'another aud on an ID token',
      token: signed({ ...id, aud: 'other-client' }),
      reason: 'invalid-claims',
      detail: /aud/,
    },
    {
      name: 'an ID token with client_id but no aud',
      token: signed({ ...without(id, 'aud'), client_id: 'local-client' }),
      reason: 'invalid-claims',
      detail: /aud/,
    },
    {
      name: 'token_use refresh',
      token: signed({ ...access, token_use: 'refresh' }),
      reason: 'invalid-claims',
      detail: /token_use/,
    },
    {
      name: 'no token_use',
      token: signed(without(access, 'token_use')),
      reason: 'invalid-claims',
      detail: /token_use/,
    },
    { name: 'no sub', token: signed(without(access, 'sub')), reason: 'invalid-claims', detail: /sub/ },
    { name: 'an empty sub', token: signed({ ...access, sub: '' }), reason: 'invalid-claims', detail: /sub/ },
    {
      name: 'an access token without username',
      token: signed(without(access, 'username')),
      reason: 'invalid-claims',
      detail: /username/,
    },
    { name: 'an expired token', token: signed({ ...access, exp: now - 3600 }), reason: 'expired', detail: /exp/ },
    { name: 'no exp', token: signed(without(access, 'exp')), reason: 'invalid-claims', detail: /exp/ },
    {
      name: 'alg none',
      token: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(access)}.`,
      reason: 'bad-signature',
      detail: /alg/i,
    },
    { name: 'alg HS256 keyed with the public key', token: hs256, reason: 'bad-signature', detail: /alg/i },
    {
      name: 'another key',
      token: signClaims(otherKey, access, { kid: key.kid }),
      reason: 'bad-signature',
      detail: /signature/,
    },
    { name: 'an unknown kid', token: signClaims(otherKey, access), reason: 'bad-signature', detail: /key/ },
    {
      name: 'tampered claims',
      token: `${h}.${b64({ ...access, username: 'root' })}.${s}`,
      reason: 'bad-signature',
      detail: /signature/,
    },
    { name: 'not a JWT', token: 'garbage', reason: 'malformed', detail: /./ },
  ];
}
