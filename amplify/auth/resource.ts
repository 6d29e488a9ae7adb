import { defineAuth } from '@aws-amplify/backend';
import type { CfnUserPool } from 'aws-cdk-lib/aws-cognito';

import { ADMIN_GROUP } from '../../resolvers/lib/caller.ts';

/** The Cognito group whose members may run the admin mutations (schema.graphql names it too). */
export const adminGroup = ADMIN_GROUP;

export const auth = defineAuth({
  loginWith: { email: true },
  groups: [adminGroup],
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
