/**
 * The IAM principals of the local runtime: one per in-process Lambda function, standing in for the
 * function's execution role. On AWS each function signs with its role's temporary credentials (an
 * access key, a secret and a session token) and AppSync checks the role's policy. Locally every
 * function must keep the DynamoDB Local access key and secret (DynamoDB Local keeps one database per
 * access key), so what tells one function from another, and from any other holder of that key, is
 * its session token: random, made at start-up, known only to the runtime and that function.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { LocalCredentials } from '../process/dynamodb-credentials.ts';
import type { IamIdentity } from '../types.ts';

/** The account of every local ARN (the in-process Lambda's `invokedFunctionArn` too). */
export const LOCAL_ACCOUNT_ID = '000000000000';

export interface LocalPrincipal {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  /** The role session's name: the function's. */
  name: string;
  /** `Type.field`s its policy allows (appsync:GraphQL). */
  grantedFields: ReadonlySet<string>;
}

export interface LocalPrincipals {
  /** New credentials for a function that may call `grantedFields` (the DynamoDB Local key's, unless `credentials` are given). */
  issue(name: string, grantedFields: readonly string[], credentials?: LocalCredentials): LocalPrincipal;
  /** The principal of an access key and session token, or undefined. */
  find(accessKeyId: string, sessionToken: string | undefined): LocalPrincipal | undefined;
}

export function createLocalPrincipals(key: LocalCredentials): LocalPrincipals {
  const byToken = new Map<string, LocalPrincipal>();
  return {
    issue(name, grantedFields, credentials = key) {
      const principal: LocalPrincipal = {
        ...credentials,
        sessionToken: randomBytes(32).toString('base64'),
        name,
        grantedFields: new Set(grantedFields),
      };
      byToken.set(principal.sessionToken, principal);
      return principal;
    },
    find(accessKeyId, sessionToken) {
      const principal = sessionToken === undefined ? undefined : byToken.get(sessionToken);
      return principal?.accessKeyId === accessKeyId ? principal : undefined;
    },
  };
}

/**
 * `ctx.identity` of a request signed by a function's role session, shaped like AppSync's for an
 * assumed role: `userArn` the STS session ARN, `username` the role's unique id and the session name
 * (as CloudTrail's `principalId` shows them; AppSync's exact `username` for a role is *(guess)*).
 */
export function iamIdentity(principal: LocalPrincipal, sourceIp: string[]): IamIdentity {
  const role = `${principal.name}-role`;
  const roleId = `AROA${createHash('sha256').update(role).digest('hex').slice(0, 17).toUpperCase()}`;
  return {
    accountId: LOCAL_ACCOUNT_ID,
    cognitoIdentityAuthProvider: null,
    cognitoIdentityAuthType: null,
    cognitoIdentityId: null,
    cognitoIdentityPoolId: null,
    sourceIp,
    userArn: `arn:aws:sts::${LOCAL_ACCOUNT_ID}:assumed-role/${role}/${principal.name}`,
    username: `${roleId}:${principal.name}`,
  };
}
