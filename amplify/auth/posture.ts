/**
 * The user pool and identity pool as a deployed league needs them: accounts that survive deleting a
 * branch stack, threat protection, no guest identities, and the admin group honoured only with MFA.
 */
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  FeaturePlan,
  LambdaVersion,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolOperation,
  type CfnIdentityPool,
  type CfnUserPool,
  type IUserPool,
} from 'aws-cdk-lib/aws-cognito';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { acknowledge } from '../security/acknowledge.ts';

export type ThreatProtection = 'ENFORCED' | 'AUDIT' | 'OFF';

/** PICKEM_THREAT_PROTECTION = ENFORCED | AUDIT | OFF (default ENFORCED on branches, OFF in sandboxes). */
export function threatProtection(sandbox: boolean, env: NodeJS.ProcessEnv = process.env): ThreatProtection {
  const mode = env.PICKEM_THREAT_PROTECTION || (sandbox ? 'OFF' : 'ENFORCED');
  if (mode !== 'ENFORCED' && mode !== 'AUDIT' && mode !== 'OFF') {
    throw new Error(`PICKEM_THREAT_PROTECTION=${mode}: expected ENFORCED, AUDIT or OFF`);
  }
  return mode;
}

export interface AuthPostureDeps {
  /** What defineAuth creates (`backend.auth.resources`). */
  auth: { userPool: IUserPool; cfnResources: { cfnUserPool: CfnUserPool; cfnIdentityPool: CfnIdentityPool } };
  /** The pre token generation trigger (amplify/functions/admin-mfa), in the user pool's stack. */
  adminMfa: IFunction;
  sandbox: boolean;
  env?: NodeJS.ProcessEnv;
}

export function secureAuth({ auth, adminMfa, sandbox, env = process.env }: AuthPostureDeps): void {
  const { cfnUserPool, cfnIdentityPool } = auth.cfnResources;

  // Deleting a branch stack must not delete every account (the table is kept the same way).
  if (!sandbox) {
    cfnUserPool.deletionProtection = 'ACTIVE';
    cfnUserPool.applyRemovalPolicy(RemovalPolicy.RETAIN);
  }

  // Threat protection needs the Plus plan; the Essentials plan is the least that runs a version 2
  // pre token generation trigger, which the admin MFA rule needs.
  const mode = threatProtection(sandbox, env);
  if (mode === 'OFF') {
    cfnUserPool.userPoolTier = FeaturePlan.ESSENTIALS;
    acknowledge(
      cfnUserPool,
      sandbox
        ? 'A personal sandbox holds test accounts only; threat protection (Plus plan) is billed per monthly active user.'
        : 'Threat protection was turned off for this deployment with PICKEM_THREAT_PROTECTION=OFF (cost: the Plus plan is billed per monthly active user).',
      'AwsSolutions-COG8',
    );
  } else {
    cfnUserPool.userPoolTier = FeaturePlan.PLUS;
    cfnUserPool.userPoolAddOns = {
      advancedSecurityMode:
        mode === 'ENFORCED' ? StandardThreatProtectionMode.FULL_FUNCTION : StandardThreatProtectionMode.AUDIT_ONLY,
    };
  }

  // Nothing signs in as a guest.
  cfnIdentityPool.allowUnauthenticatedIdentities = false;

  // MFA is optional for the pool (players sign up with a password), required in effect for admins.
  const { userPool } = auth;
  if (!(userPool instanceof UserPool)) throw new Error('expected the user pool that defineAuth creates');
  userPool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG, adminMfa, LambdaVersion.V2_0);
  if (!adminMfa.role) throw new Error(`${adminMfa.node.path} has no role`);
  new Policy(Stack.of(userPool), 'AdminMfaReadsUsers', {
    statements: [new PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [userPool.userPoolArn] })],
    roles: [adminMfa.role],
  });
  acknowledge(
    cfnUserPool,
    'MFA is OPTIONAL (TOTP) so that players can sign up with a password alone; the admin group only counts in tokens of users who have MFA set up (pre token generation trigger, amplify/functions/admin-mfa).',
    'AwsSolutions-COG2',
  );
}
