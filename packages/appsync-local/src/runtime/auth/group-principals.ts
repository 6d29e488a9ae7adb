/**
 * The local principal of each IamGroupGrant (src/group-grants.ts): granted the fields its Cognito
 * group may call, as the cloud policy is. Unlike a function's, its access key and secret are its own,
 * random for each start: it is no function and needs no DynamoDB Local, so its credentials reach
 * nothing but this API. They are written to a file (mode 0600) for any SigV4 client to sign with.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { writeFileSync } from 'atomically';
import path from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { grantedFieldsOf, type IamGroupGrant } from 'appsync-cloud';
import type { LocalPrincipal, LocalPrincipals } from './principals.ts';

/** What a SigV4 signer needs: AWS's usual credential fields. */
export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface GroupPrincipal {
  grant: IamGroupGrant;
  principal: LocalPrincipal;
}

export function issueGroupPrincipals(
  principals: LocalPrincipals,
  schema: GraphQLSchema,
  grants: readonly IamGroupGrant[],
): GroupPrincipal[] {
  return grants.map((grant) => {
    // Letters and digits, as AWS's access keys; ASIA is the prefix of temporary (session) keys.
    const own = {
      accessKeyId: `ASIA${randomBytes(8).toString('hex').toUpperCase()}`,
      secretAccessKey: randomBytes(30).toString('base64'),
    };
    return { grant, principal: principals.issue(grant.name, grantedFieldsOf(schema, grant), own) };
  });
}

export function signingCredentials(principal: LocalPrincipal): SigningCredentials {
  return {
    accessKeyId: principal.accessKeyId,
    secretAccessKey: principal.secretAccessKey,
    sessionToken: principal.sessionToken,
  };
}

/** Writes `{ accessKeyId, secretAccessKey, sessionToken }` to `file` (mode 0600, replaced whole). */
export function writeSigningCredentials(file: string, principal: LocalPrincipal): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(signingCredentials(principal), null, 2)}\n`, { mode: 0o600 });
}
