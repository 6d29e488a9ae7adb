/**
 * Pick'Em's local user pool: the pool, app client and groups of the cloud auth (`amplify/auth/sign-in.ts`),
 * and the demo players and admin with one documented password. A demo user's `sub` is the one
 * `npm run token` gives their username, so signing in as player01@example.com and
 * `npm run token -- player01` act as the same player (the demo season's data is keyed by sub).
 */
import { subFor, type UserPoolDeclaration } from 'appsync-local';
import { adminGroup, groups, usernameAttribute } from '../amplify/auth/sign-in.ts';
import { demoPlayers } from './demo/cards.ts';
import { DEMO_ADMIN, demoUsername } from './demo/load.ts';

/** Meets Cognito's default password policy (8+ characters, upper and lower case, a digit, a symbol). */
export const DEMO_PASSWORD = 'PickEm-demo-2024';
/** A demo user's sign-in name: `player01@example.com`, `admin@example.com`. */
export const demoEmail = (username: string) => `${username}@example.com`;

function demoUser(username: string, userGroups: string[] = []) {
  return {
    username: demoEmail(username),
    password: DEMO_PASSWORD,
    attributes: { email: demoEmail(username), email_verified: 'true', sub: subFor(username) },
    groups: userGroups,
  };
}

export const localUserPool: UserPoolDeclaration = {
  poolName: 'pickem-local',
  clientName: 'pickem-app',
  usernameAttributes: [usernameAttribute],
  // As the cloud pool (email sign-in verifies the address): sign-up sends its code, to the local outbox.
  autoVerifiedAttributes: ['email'],
  groups,
  users: [demoUser(DEMO_ADMIN, [adminGroup]), ...demoPlayers.map((_, i) => demoUser(demoUsername(i)))],
};
