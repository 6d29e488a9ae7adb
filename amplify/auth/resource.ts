import { defineAuth } from '@aws-amplify/backend';
import type { CfnUserPool, CfnUserPoolClient } from 'aws-cdk-lib/aws-cognito';

import { adminGroup, explicitAuthFlows, groups, usernameAttribute } from './sign-in.ts';

export { adminGroup };

export const auth = defineAuth({
  loginWith: { [usernameAttribute]: true },
  groups,
  // Optional for players; the admin group only counts with MFA set up (amplify/functions/admin-mfa).
  multifactor: { mode: 'OPTIONAL', totp: true },
});

/**
 * Self sign-up is open by default (Cognito's default when AdminCreateUserConfig is unset). Invite-only
 * leagues: with PICKEM_INVITE_ONLY=true at deploy time, only an administrator can create users (Cognito
 * console or AdminCreateUser); the sign-up API is refused.
 */
export function inviteOnly(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PICKEM_INVITE_ONLY === 'true';
}

export function applySignUpPolicy(userPool: CfnUserPool, env: NodeJS.ProcessEnv = process.env): void {
  if (inviteOnly(env)) userPool.adminCreateUserConfig = { allowAdminCreateUserOnly: true };
}

/** The app client's flows (`sign-in.ts`): USER_PASSWORD_AUTH besides SRP, as the local user pool needs. */
export function applySignInFlows(client: CfnUserPoolClient): void {
  client.explicitAuthFlows = explicitAuthFlows;
}
