import path from 'node:path';
import { defineFunction } from '@aws-amplify/backend';
import { repoRoot } from '../../../project.ts';

/** Cognito pre token generation trigger: the admin group counts only with MFA (handler.ts). */
export const adminMfa = defineFunction({
  name: 'admin-mfa',
  entry: path.join(repoRoot, 'amplify/functions/admin-mfa/handler.ts'),
  runtime: 24,
  timeoutSeconds: 5,
  memoryMB: 256,
  logging: { retention: '1 month' },
  // The user pool invokes it and it reads the user pool: in another stack that would be a dependency cycle.
  resourceGroupName: 'auth',
});
