/**
 * An app's path through the local stack with the real aws-amplify client, configured from the
 * amplify_outputs.json that `npm start` writes (plus the one userPoolEndpoint line the README shows):
 * sign up, confirm, sign in (USER_PASSWORD_AUTH) against the local user pool, the app's screens and a
 * prediction, the demo admin's mutation, a token refresh, sign-out; a player is refused an admin mutation.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { AdminConfirmSignUpCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { Amplify, type ResourcesConfig } from 'aws-amplify';
import { generateClient } from 'aws-amplify/api';
import { fetchAuthSession, getCurrentUser, signIn, signOut, signUp } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { sharedInMemoryStorage } from 'aws-amplify/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { additionalAuthorizationTypes } from 'appsync-cloud';
import { repoRoot, stateDir } from '../../project.ts';
import { loadOrCreateSigningKey, type LocalOutputs, LOCAL_REGION, localDynamoDbCredentials } from 'appsync-local';
import { createEvent, savePrediction } from '@pickem/client/graphql/mutations';
import { eventCard, events, standings, userProfile } from '@pickem/client/graphql/queries';
import { DEMO_PASSWORD, demoEmail } from '../../scripts/local-user-pool.ts';
import { spawnStart, type StartedChild } from '../../scripts/start-child.ts';

let stack: StartedChild | undefined;
let outputs: LocalOutputs;
const outputsDir = mkdtempSync(path.join(os.tmpdir(), 'pickem-outputs-'));

beforeAll(async () => {
  stack = await spawnStart(['--in-memory', '--outputs', outputsDir]);
  outputs = JSON.parse(readFileSync(path.join(outputsDir, 'amplify_outputs.json'), 'utf8'));
  // What an app does (README, "Use it from an app").
  Amplify.configure(outputs);
  const config = Amplify.getConfig();
  Amplify.configure({
    ...config,
    Auth: { Cognito: { ...config.Auth!.Cognito, userPoolEndpoint: outputs.custom.user_pool_endpoint } },
  } as ResourcesConfig);
  // Node has no localStorage.
  cognitoUserPoolsTokenProvider.setKeyValueStorage(sharedInMemoryStorage);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(outputsDir, { recursive: true, force: true });
}, 60_000);

const client = () => generateClient();
const signInWithPassword = (username: string, password: string) =>
  signIn({ username, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });

/** AdminConfirmSignUp on the local pool, as a developer sends it: the AWS SDK, signing with the local credential. */
async function adminConfirmSignUp(username: string): Promise<void> {
  const admin = new CognitoIdentityProviderClient({
    endpoint: outputs.custom.user_pool_endpoint,
    region: LOCAL_REGION,
    credentials: localDynamoDbCredentials(stateDir),
  });
  try {
    await admin.send(new AdminConfirmSignUpCommand({ UserPoolId: outputs.auth!.user_pool_id, Username: username }));
  } finally {
    admin.destroy();
  }
}

const email = `new-player-${Date.now()}@example.com`;
const password = 'New-player-1';

describe('the app against the local stack', () => {
  it('writes the Gen 2 outputs for the local API and user pool', () => {
    expect(outputs).toMatchObject({
      version: '1.4',
      auth: { username_attributes: ['email'], groups: [{ admin: { precedence: 0 } }] },
      data: {
        default_authorization_type: 'AMAZON_COGNITO_USER_POOLS',
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/),
      },
      custom: { user_pool_endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) },
    });
    expect(readFileSync(path.join(repoRoot, '.local/amplify_outputs.json'), 'utf8')).toContain('"user_pool_endpoint"');
  });

  it("lists the API's other authorization modes as the cloud stack does: those the schema names (the API key: signed-out invite previews)", () => {
    // The cloud's outputs list the same (test/stack/branch/backend.ts): both derive it with additionalAuthorizationTypes.
    expect(outputs.data!.authorization_types).toEqual(
      additionalAuthorizationTypes(readFileSync(path.join(repoRoot, 'schema.graphql'), 'utf8')),
    );
    expect(outputs.data!.authorization_types).toEqual(['API_KEY', 'AWS_IAM']);
  });

  it("signs the pool's tokens with the local key, not the key published in the cognito-local package", async () => {
    const jwksUrl = `${outputs.custom.user_pool_endpoint}/${outputs.auth!.user_pool_id}/.well-known/jwks.json`;
    const { keys } = (await (await fetch(jwksUrl)).json()) as { keys: { n: string }[] };
    const local = loadOrCreateSigningKey(path.join(repoRoot, '.local')).publicKey.export({ format: 'jwk' });
    const published = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.public.json') as {
      jwk: { n: string };
    };
    expect(keys.map((k) => k.n)).toEqual([local.n]);
    expect(local.n).not.toBe(published.jwk.n);
  });

  it('signs up, confirms and signs in a new player, who runs the four screens and saves a prediction', async () => {
    const signedUp = await signUp({ username: email, password, options: { userAttributes: { email } } });
    expect(signedUp.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    await adminConfirmSignUp(email);
    expect((await signInWithPassword(email, password)).isSignedIn).toBe(true);
    const { userId } = await getCurrentUser();

    const { data: list } = await client().graphql({ query: events, variables: { limit: 20 } });
    const upcoming = list.events.items.find((e) => e.state === 'UPCOMING');
    expect(upcoming).toBeDefined();
    const { data: table } = await client().graphql({ query: standings, variables: { season: 2024, limit: 5 } });
    expect(table.standings.items.length).toBe(5);
    const { data: card } = await client().graphql({ query: eventCard, variables: { eventId: upcoming!.id } });
    const matches = card.eventCard!.matches;
    expect(matches.length).toBeGreaterThan(0);

    const picks = matches.map((m) => ({ matchId: m.id, team: 0 }));
    const { data: saved } = await client().graphql({
      query: savePrediction,
      variables: { eventId: upcoming!.id, picks },
    });
    expect(saved.savePrediction).toMatchObject({ eventId: upcoming!.id, userId });
    const { data: profile } = await client().graphql({ query: userProfile, variables: {} });
    expect(profile.userProfile?.user.id).toBe(userId);
  });

  it('refreshes the tokens, and the refreshed token is accepted', async () => {
    const before = (await fetchAuthSession()).tokens!.accessToken.toString();
    const after = (await fetchAuthSession({ forceRefresh: true })).tokens!.accessToken.toString();
    expect(after).not.toBe(before);
    const { data } = await client().graphql({ query: events, variables: { limit: 1 } });
    expect(data.events.items).toHaveLength(1);
  });

  it('refuses the player an admin mutation (Unauthorized)', async () => {
    const attempt = client().graphql({
      query: createEvent,
      variables: { input: { name: 'Not Allowed', date: '2031-02-01', startsAt: '2031-02-01T20:00:00.000Z' } },
    });
    const failure = (await (attempt as Promise<unknown>).then(
      () => ({ errors: [] }),
      (e: unknown) => e,
    )) as { errors: { errorType?: string; message: string }[] };
    expect(failure.errors.map((e) => e.errorType)).toEqual(['Unauthorized']);
    await signOut();
    await expect(getCurrentUser()).rejects.toThrow();
  });

  it('signs in the demo admin (no MFA locally), who creates an event', async () => {
    expect((await signInWithPassword(demoEmail('admin'), DEMO_PASSWORD)).isSignedIn).toBe(true);
    const { data } = await client().graphql({
      query: createEvent,
      variables: { input: { name: 'Local Sign-in Show', date: '2031-01-01', startsAt: '2031-01-01T20:00:00.000Z' } },
    });
    expect(data.createEvent).toMatchObject({ id: '2031-01-01-local-sign-in-show', state: 'UPCOMING' });
    await signOut();
  });
});
