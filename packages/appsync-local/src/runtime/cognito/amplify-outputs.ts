/**
 * `amplify_outputs.json` for the local stack, in the Gen 2 outputs schema (`@aws-amplify/client-config`):
 * the local API under `data`, the local user pool under `auth`, and the user pool's endpoint under
 * `custom.user_pool_endpoint` (the schema has no field for it; the client takes it as
 * `Auth.Cognito.userPoolEndpoint`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { clientConfigTypesV1_4 } from '@aws-amplify/client-config';
import type { ClientAuthorizationType } from 'appsync-cloud';
import { LOCAL_REGION } from '../process/dynamodb-credentials.ts';
import type { LocalUserPool } from './user-pool.ts';

export type LocalOutputs = clientConfigTypesV1_4.AWSAmplifyBackendOutputs & { custom: { user_pool_endpoint: string } };

/**
 * The region the local API checks SigV4 signatures for (and the local user pool's signed actions):
 * one constant, so that a SigV4 client configured from this file is accepted. The user pool's own
 * region is read by the client from its id's prefix (cognito-local names pools `local_<id>`).
 */
const REGION = LOCAL_REGION;

export interface LocalOutputsInput {
  apiUrl: string;
  /** The modes besides Cognito user pools: the local API's `authorizationTypes`. */
  authorizationTypes: ClientAuthorizationType[];
  /** With API_KEY among them: the key the client sends (`data.api_key`). */
  apiKey?: string;
  pool: LocalUserPool;
  userPoolEndpoint: string;
  usernameAttributes: ('email' | 'phone_number' | 'username')[];
  groups: string[];
}

export function localOutputs(input: LocalOutputsInput): LocalOutputs {
  return {
    version: '1.4',
    auth: {
      aws_region: REGION,
      user_pool_id: input.pool.userPoolId,
      user_pool_client_id: input.pool.clientId,
      username_attributes: input.usernameAttributes,
      user_verification_types: input.usernameAttributes.includes('email') ? ['email'] : [],
      groups: input.groups.map((name, precedence) => ({ [name]: { precedence } })),
    },
    data: {
      aws_region: REGION,
      url: input.apiUrl,
      default_authorization_type: 'AMAZON_COGNITO_USER_POOLS',
      authorization_types: input.authorizationTypes,
      ...(input.apiKey ? { api_key: input.apiKey } : {}),
    },
    custom: { user_pool_endpoint: input.userPoolEndpoint },
  };
}

/** Writes `amplify_outputs.json` into each folder (made if missing); returns the files written. */
export function writeOutputs(outputs: LocalOutputs, dirs: string[]): string[] {
  return dirs.map((dir) => {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'amplify_outputs.json');
    writeFileSync(file, `${JSON.stringify(outputs, null, 2)}\n`);
    return file;
  });
}
