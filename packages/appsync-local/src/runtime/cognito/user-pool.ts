/**
 * Makes a declared user pool exist on a local Cognito (`startCognitoLocal`): the pool (found again by
 * name on a warm start), its app client, its groups and its seed users with permanent passwords.
 * Generic: the declaration comes from the caller.
 */
import { createRemoteJWKSet } from 'jose';
import type { UserPoolConfig } from '../auth/jwt.ts';
import type { CognitoLocal } from './server.ts';

export interface SeedUser {
  username: string;
  /** Set as permanent when the user is created. */
  password: string;
  /** User attributes (`email`, `email_verified`, even `sub`: the emulator keeps a given one). */
  attributes?: Record<string, string>;
  groups?: string[];
}

export interface UserPoolDeclaration {
  poolName: string;
  clientName: string;
  /** Cognito's `UsernameAttributes` (for example `['email']`). */
  usernameAttributes?: string[];
  /**
   * Cognito's `AutoVerifiedAttributes` (for example `['email']`): sign-up sends a confirmation code to
   * that attribute (to the outbox, with `startCognitoLocal`'s `outboxDir`). Set again on a warm start.
   */
  autoVerifiedAttributes?: string[];
  groups: string[];
  users: SeedUser[];
}

export interface LocalUserPool {
  userPoolId: string;
  clientId: string;
  issuer: string;
  /** The pool's JWKS URL, `<endpoint>/<poolId>/.well-known/jwks.json`, as Cognito serves it. */
  jwksUrl: string;
}

interface Named {
  Id?: string;
  ClientId?: string;
  Name?: string;
  ClientName?: string;
}

export async function ensureUserPool(cognito: CognitoLocal, decl: UserPoolDeclaration): Promise<LocalUserPool> {
  const { UserPools = [] } = await cognito.call<{ UserPools?: Named[] }>('ListUserPools', { MaxResults: 60 });
  let userPoolId = UserPools.find((p) => p.Name === decl.poolName)?.Id;
  if (!userPoolId) {
    const created = await cognito.call<{ UserPool: Named }>('CreateUserPool', {
      PoolName: decl.poolName,
      UsernameAttributes: decl.usernameAttributes,
      AutoVerifiedAttributes: decl.autoVerifiedAttributes,
    });
    userPoolId = created.UserPool.Id!;
  } else if (decl.autoVerifiedAttributes) {
    await cognito.call('UpdateUserPool', {
      UserPoolId: userPoolId,
      AutoVerifiedAttributes: decl.autoVerifiedAttributes,
    });
  }
  const { UserPoolClients = [] } = await cognito.call<{ UserPoolClients?: Named[] }>('ListUserPoolClients', {
    UserPoolId: userPoolId,
    MaxResults: 60,
  });
  let clientId = UserPoolClients.find((c) => c.ClientName === decl.clientName)?.ClientId;
  if (!clientId) {
    const created = await cognito.call<{ UserPoolClient: Named }>('CreateUserPoolClient', {
      UserPoolId: userPoolId,
      ClientName: decl.clientName,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    });
    clientId = created.UserPoolClient.ClientId!;
  }
  const { Groups = [] } = await cognito.call<{ Groups?: Named[] }>('ListGroups', { UserPoolId: userPoolId });
  for (const group of decl.groups) {
    if (!Groups.some((g) => (g as { GroupName?: string }).GroupName === group))
      await cognito.call('CreateGroup', { UserPoolId: userPoolId, GroupName: group });
  }
  for (const user of decl.users) await ensureUser(cognito, userPoolId, user);
  return {
    userPoolId,
    clientId,
    issuer: cognito.issuerOf(userPoolId),
    jwksUrl: `${cognito.issuerOf(userPoolId)}/.well-known/jwks.json`,
  };
}

async function ensureUser(cognito: CognitoLocal, userPoolId: string, user: SeedUser): Promise<void> {
  const exists = await cognito.call('AdminGetUser', { UserPoolId: userPoolId, Username: user.username }).then(
    () => true,
    () => false,
  );
  if (exists) return;
  await cognito.call('AdminCreateUser', {
    UserPoolId: userPoolId,
    Username: user.username,
    MessageAction: 'SUPPRESS',
    UserAttributes: Object.entries(user.attributes ?? {}).map(([Name, Value]) => ({ Name, Value })),
  });
  await cognito.call('AdminSetUserPassword', {
    UserPoolId: userPoolId,
    Username: user.username,
    Password: user.password,
    Permanent: true,
  });
  for (const group of user.groups ?? [])
    await cognito.call('AdminAddUserToGroup', { UserPoolId: userPoolId, Username: user.username, GroupName: group });
}

/** What the API's verifier trusts for this pool: its issuer, its app client and its JWKS, fetched as from Cognito. */
export function userPoolConfigOf(pool: LocalUserPool): UserPoolConfig {
  return { issuer: pool.issuer, clientId: pool.clientId, jwks: createRemoteJWKSet(new URL(pool.jwksUrl)) };
}
