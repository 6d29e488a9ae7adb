/**
 * The console admin: an IAM principal that may run the admin mutations, for the AppSync console's
 * AWS_IAM mode (whose requests carry the signed-in AWS user's own credentials, MFA kept by the
 * account). It is granted exactly the fields of the Cognito `admin` group, read from schema.graphql's
 * directives. The cloud stack makes the grant a managed policy (amplify/backend.ts); `npm start` makes
 * a local principal with it (scripts/start.ts).
 */
import type { IamGroupGrant } from 'appsync-cloud';
import { adminGroup } from '../auth/sign-in.ts';

export const consoleAdmin: IamGroupGrant = {
  name: 'ConsoleAdmin',
  label: 'console admin',
  cognitoGroup: adminGroup,
  description:
    "Pick'Em: run the admin mutations (AWS_IAM in the AppSync console); appsync:GraphQL on exactly the fields of the admin group",
};

/** Where `npm start` writes the local console admin's credentials (repo-relative); `npm run iam-call` signs with them. */
export const CONSOLE_ADMIN_CREDENTIALS_FILE = '.local/console-admin-credentials.json';
