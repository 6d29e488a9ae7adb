/**
 * The amplify_outputs.json that `npm start` writes (scripts/start.ts), for a test API: what a player's
 * app in a child process configures the real aws-amplify client from. Its tokens come from the local
 * key, so the user pool endpoint is never called.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_CLIENT_ID, LOCAL_ISSUER, localOutputs } from 'appsync-local';
import { groups, usernameAttribute } from '../../amplify/auth/sign-in.ts';
import type { TestApi } from '../support/local-api.ts';

/** Writes the outputs into `dir`; returns the file's path. */
export function writeClientOutputs(api: TestApi, dir: string): string {
  const file = path.join(dir, 'amplify_outputs.json');
  const outputs = localOutputs({
    apiUrl: api.app.url,
    authorizationTypes: api.app.authorizationTypes,
    pool: { userPoolId: 'local_e2e', clientId: LOCAL_CLIENT_ID, issuer: LOCAL_ISSUER, jwksUrl: '' },
    userPoolEndpoint: 'http://127.0.0.1:1',
    usernameAttributes: [usernameAttribute],
    groups,
  });
  writeFileSync(file, JSON.stringify(outputs));
  return file;
}
