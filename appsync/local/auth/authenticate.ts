/**
 * Request authentication as AppSync does it before any GraphQL work: a Cognito user-pool JWT in the
 * `Authorization` header, or an API key in `x-api-key`. A failure is an HTTP 401 with AppSync's body.
 */
import type { AuthMode, CognitoIdentity, RequestAuth } from '../types.ts';
import { verifyTokenOfPools, type UserPoolConfig } from './jwt.ts';

export interface AuthConfig {
  defaultMode: AuthMode;
  additionalModes: AuthMode[];
  /** The user pool whose tokens are accepted (issuer, app client id, JWKS), or several (told apart by issuer). */
  cognito?: UserPoolConfig | readonly UserPoolConfig[];
  apiKeys?: string[];
}

export type AuthenticationResult =
  | { ok: true; auth: RequestAuth }
  | { ok: false; status: 401; body: { errors: { errorType: 'UnauthorizedException'; message: string }[] } };

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
    throw new Error('auth: AMAZON_COGNITO_USER_POOLS is enabled but no user pool was given (auth.cognito: issuer, clientId, jwks)');
  }
  if (modes.includes('API_KEY') && (!config.apiKeys || config.apiKeys.length === 0)) {
    throw new Error('auth: API_KEY is enabled but no API keys were given (auth.apiKeys)');
  }
}

/**
 * `identity.sourceIp`: AWS's context reference says it holds the TCP connection's address alone, or,
 * when the request has an `x-forwarded-for` header, that header's addresses in addition to it. The order
 * (the header's addresses first, then the connection's) is *(guess)*.
 */
export function sourceIps(forwardedFor: string | undefined, connectionIp: string): string[] {
  const forwarded = (forwardedFor ?? '').split(',').map((a) => a.trim()).filter((a) => a !== '');
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
): Promise<AuthenticationResult> {
  const modes = new Set([config.defaultMode, ...config.additionalModes]);
  const authorization = headers['authorization']?.trim();
  const apiKey = headers['x-api-key'];

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
