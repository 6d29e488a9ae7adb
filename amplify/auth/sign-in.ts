/**
 * How users sign in, read by the cloud auth (`resource.ts`, `backend.ts`) and by the local user pool
 * (`scripts/local-user-pool.ts`). No CDK or Amplify import, so that `npm start` can read it cheaply.
 */
import { ADMIN_GROUP } from '@pickem/domain/groups';

/** The Cognito group whose members may run the admin mutations (schema.graphql names it too). */
export const adminGroup = ADMIN_GROUP;
export const groups = [adminGroup];

/** Users sign in with their email address as username (Cognito's `UsernameAttributes`). */
export const usernameAttribute = 'email' as const;

/**
 * The app client's sign-in flows. `ALLOW_USER_PASSWORD_AUTH` beside SRP lets one client code path,
 * `signIn({ username, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } })`, work against
 * Cognito and the local user pool (which has no SRP). Amplify's own defaults (SRP, custom) are kept.
 */
export const explicitAuthFlows = [
  'ALLOW_USER_SRP_AUTH',
  'ALLOW_CUSTOM_AUTH',
  'ALLOW_USER_PASSWORD_AUTH',
  'ALLOW_REFRESH_TOKEN_AUTH',
];
