/**
 * Request authentication as AppSync does it before any GraphQL work: a SigV4 signature (AWS_IAM) or a
 * Cognito user-pool JWT in the `Authorization` header, or an API key in `x-api-key`. A failure is an
 * HTTP error with AppSync's body: 401 for a token or key, 400/403 for a signature (see sigv4.ts).
 */
import type { AuthMode, CognitoIdentity, RequestAuth } from '../types.ts';
import { verifyTokenOfPools, type UserPoolConfig } from './jwt.ts';
import { iamIdentity, type LocalPrincipals } from './principals.ts';
import { SIGNATURE_MISMATCH, SIGV4_ALGORITHM, verifySigV4, type SignedRequest } from './sigv4.ts';

export interface AuthConfig {
  defaultMode: AuthMode;
  additionalModes: AuthMode[];
  /** The user pool whose tokens are accepted (issuer, app client id, JWKS), or several (told apart by issuer). */
  cognito?: UserPoolConfig | readonly UserPoolConfig[];
  apiKeys?: string[];
  /** AWS_IAM: who may sign (the local functions), and the region signatures are scoped to. */
  iam?: { principals: LocalPrincipals; region: string };
}

export type AuthenticationResult =
  | { ok: true; auth: RequestAuth }
  | { ok: false; status: 400 | 401 | 403; body: { errors: { errorType: string; message: string }[] } };

const deny = (message: string): AuthenticationResult => ({
  ok: false,
  status: 401,
  body: { errors: [{ errorType: 'UnauthorizedException', message }] },
});

export const MESSAGES = {
  missing: 'Valid authorization header not provided.',
  malformed: 'Unable to parse JWT token.',
  'bad-signature': 'Unable to parse JWT token.',
  expired: 'Token has expired.',
  // A well-signed token for another issuer, client or use: AppSync's wording is not documented. (guess)
  'invalid-claims': 'Unable to parse JWT token.',
  apiKey: 'You are not authorized to make this call.',
} as const;

/** Checks the configuration once, at start-up. */
export function checkAuthConfig(config: AuthConfig): void {
  const modes = [config.defaultMode, ...config.additionalModes];
  if (modes.includes('AMAZON_COGNITO_USER_POOLS') && !config.cognito) {
    throw new Error(
      'auth: AMAZON_COGNITO_USER_POOLS is enabled but no user pool was given (auth.cognito: issuer, clientId, jwks)',
    );
  }
  if (modes.includes('API_KEY') && (!config.apiKeys || config.apiKeys.length === 0)) {
    throw new Error('auth: API_KEY is enabled but no API keys were given (auth.apiKeys)');
  }
  if (modes.includes('AWS_IAM') && !config.iam)
    throw new Error('auth: AWS_IAM is enabled but no principals were given (auth.iam)');
}

/**
 * `identity.sourceIp`: AWS's context reference says it holds the TCP connection's address alone, or,
 * when the request has an `x-forwarded-for` header, that header's addresses in addition to it. The order
 * (the header's addresses first, then the connection's) is *(guess)*.
 */
export function sourceIps(forwardedFor: string | undefined, connectionIp: string): string[] {
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  return [...forwarded, connectionIp];
}

/** AppSync's identity for a verified token: the username is `cognito:username` in an ID token, `username` in an access token. */
export function cognitoIdentity(claims: Record<string, unknown>, sourceIp: string[]): CognitoIdentity {
  const groups = claims['cognito:groups'];
  return {
    sub: String(claims.sub),
    issuer: String(claims.iss),
    username: String(claims.token_use === 'id' ? claims['cognito:username'] : claims.username),
    claims,
    sourceIp,
    defaultAuthStrategy: 'ALLOW',
    groups: Array.isArray(groups) ? groups.map(String) : null,
  };
}

/** `headers` must have lower-case names. */
export async function authenticate(
  config: AuthConfig,
  headers: Record<string, string>,
  /** The TCP connection's address. */
  sourceIp: string,
  nowSeconds?: number,
  /** What a SigV4 signature covers besides the headers; without it a signed request is refused. */
  signed?: SignedRequest,
): Promise<AuthenticationResult> {
  const modes = new Set([config.defaultMode, ...config.additionalModes]);
  const authorization = headers['authorization']?.trim();
  const apiKey = headers['x-api-key'];

  if (authorization?.startsWith(`${SIGV4_ALGORITHM} `) && modes.has('AWS_IAM') && config.iam) {
    const verified = signed
      ? await verifySigV4({
          headers,
          request: signed,
          principals: config.iam.principals,
          region: config.iam.region,
          service: 'appsync',
          nowMs: nowSeconds === undefined ? undefined : nowSeconds * 1000,
        })
      : ({ ok: false, status: 403, errorType: 'InvalidSignatureException', message: SIGNATURE_MISMATCH } as const);
    if (!verified.ok)
      return {
        ok: false,
        status: verified.status,
        body: { errors: [{ errorType: verified.errorType, message: verified.message }] },
      };
    const ips = sourceIps(headers['x-forwarded-for'], sourceIp);
    return {
      ok: true,
      auth: {
        mode: 'AWS_IAM',
        identity: iamIdentity(verified.principal, ips),
        grantedFields: verified.principal.grantedFields,
      },
    };
  }

  if (authorization && modes.has('AMAZON_COGNITO_USER_POOLS') && config.cognito) {
    const token = authorization.replace(/^Bearer\s+/i, '');
    const verified = await verifyTokenOfPools([config.cognito].flat(), token, nowSeconds);
    if (!verified.ok) return deny(MESSAGES[verified.reason]);
    const ips = sourceIps(headers['x-forwarded-for'], sourceIp);
    return { ok: true, auth: { mode: 'AMAZON_COGNITO_USER_POOLS', identity: cognitoIdentity(verified.claims, ips) } };
  }
  if (apiKey !== undefined && modes.has('API_KEY')) {
    if (!config.apiKeys?.includes(apiKey)) return deny(MESSAGES.apiKey);
    return { ok: true, auth: { mode: 'API_KEY', identity: null } };
  }
  return deny(MESSAGES.missing);
}
