/**
 * The local user pool verifies an email address as Cognito does, through its own API with the AWS SDK:
 * changing `email` with UpdateUserAttributes makes it unverified (ID tokens say `email_verified: false`)
 * and sends a code to the new address (the outbox); a client may not set `email_verified` itself;
 * VerifyUserAttribute with the code verifies it; wrong codes are bounded.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CODE_ATTEMPTS } from '../../src/runtime/cognito/email-verification.ts';
import { startCognitoLocal, type CognitoLocal } from '../../src/runtime/cognito/server.ts';
import { ensureUserPool, type LocalUserPool } from '../../src/runtime/cognito/user-pool.ts';
import { LOCAL_REGION } from '../../src/runtime/process/dynamodb-credentials.ts';
import { createOutbox, type Outbox } from '../../src/runtime/services/outbox.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'cognito-verify-'));
const PASSWORD = 'Player-pass-1';
let cognito: CognitoLocal;
let pool: LocalUserPool;
let client: CognitoIdentityProviderClient;
let outbox: Outbox;

beforeAll(async () => {
  const outboxDir = path.join(dir, 'outbox');
  cognito = await startCognitoLocal({
    dataDir: path.join(dir, 'pool'),
    port: 0,
    signingKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
    adminCredentials: { accessKeyId: 'LOCALVERIFYTEST', secretAccessKey: 'verify-test-secret' },
    outboxDir,
  });
  pool = await ensureUserPool(cognito, {
    poolName: 'verify',
    clientName: 'app',
    usernameAttributes: ['email'],
    autoVerifiedAttributes: ['email'],
    groups: [],
    users: [
      {
        username: 'player@example.com',
        password: PASSWORD,
        attributes: { email: 'player@example.com', email_verified: 'true' },
      },
      {
        username: 'holder@example.com',
        password: PASSWORD,
        attributes: { email: 'holder@example.com', email_verified: 'true' },
      },
    ],
  });
  outbox = createOutbox(outboxDir);
  client = new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
  });
}, 60_000);

afterAll(async () => {
  client?.destroy();
  await cognito?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Signs in by the address (the pool's username attribute), as the app does. */
async function signIn(email = 'player@example.com') {
  const { AuthenticationResult } = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: pool.clientId,
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );
  return { access: AuthenticationResult!.AccessToken!, id: decodeJwt(AuthenticationResult!.IdToken!) };
}

async function attributes(access: string) {
  const { UserAttributes = [] } = await client.send(new GetUserCommand({ AccessToken: access }));
  return Object.fromEntries(UserAttributes.map((a) => [a.Name, a.Value]));
}

/** The code in the newest outbox message to `address`. */
function lastCode(address: string): string {
  const mail = outbox
    .list()
    .map((e) => outbox.read(e.file) ?? '')
    .filter((text) => text.includes(`To: ${address}`))
    .at(-1)!;
  return /\b(\d{6})\b/.exec(mail.split('\r\n\r\n').slice(1).join('\n'))![1];
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (err: Error) => err.name,
  );

describe('email verification in the local user pool', () => {
  it('a seeded verified address is verified in the ID token', async () => {
    const { id } = await signIn();
    expect(id).toMatchObject({ email: 'player@example.com', email_verified: true });
  });

  it('a client may not mark its own address verified', async () => {
    const { access } = await signIn();
    const refused = client.send(
      new UpdateUserAttributesCommand({
        AccessToken: access,
        UserAttributes: [
          { Name: 'email', Value: 'victim@example.com' },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    expect(await failure(refused)).toBe('NotAuthorizedException');
    expect(await attributes(access)).toMatchObject({ email: 'player@example.com', email_verified: 'true' });
  });

  it('changing the email unverifies it until the code sent to the new address is given', async () => {
    const { access } = await signIn();
    const changed = await client.send(
      new UpdateUserAttributesCommand({
        AccessToken: access,
        UserAttributes: [{ Name: 'email', Value: 'other@example.com' }],
      }),
    );
    expect(changed.CodeDeliveryDetailsList).toEqual([
      { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'other@example.com' },
    ]);
    expect(await attributes(access)).toMatchObject({ email: 'other@example.com', email_verified: 'false' });
    expect((await signIn('other@example.com')).id).toMatchObject({ email: 'other@example.com', email_verified: false });

    const code = lastCode('other@example.com');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let n = 0; n < MAX_CODE_ATTEMPTS; n += 1) {
      const guess = client.send(
        new VerifyUserAttributeCommand({ AccessToken: access, AttributeName: 'email', Code: wrong }),
      );
      expect(await failure(guess)).toBe('CodeMismatchException');
    }
    // Past the limit even the right code is refused, until a new one is asked for.
    const late = client.send(
      new VerifyUserAttributeCommand({ AccessToken: access, AttributeName: 'email', Code: code }),
    );
    expect(await failure(late)).toBe('LimitExceededException');
    expect((await signIn('other@example.com')).id).toMatchObject({ email_verified: false });

    await client.send(new GetUserAttributeVerificationCodeCommand({ AccessToken: access, AttributeName: 'email' }));
    const fresh = lastCode('other@example.com');
    await client.send(new VerifyUserAttributeCommand({ AccessToken: access, AttributeName: 'email', Code: fresh }));
    expect(await attributes(access)).toMatchObject({ email: 'other@example.com', email_verified: 'true' });
    expect((await signIn('other@example.com')).id).toMatchObject({ email: 'other@example.com', email_verified: true });
  });
});

describe('signing up', () => {
  it('the code emailed at sign-up confirms the player and verifies the address (issue 41, bug 3)', async () => {
    const email = 'newcomer@example.com';
    const signedUp = await client.send(
      new SignUpCommand({
        ClientId: pool.clientId,
        Username: email,
        Password: PASSWORD,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'preferred_username', Value: 'Rowdy Newcomer' },
        ],
      }),
    );
    expect(signedUp.UserConfirmed).toBe(false);
    const wrong = client.send(
      new ConfirmSignUpCommand({ ClientId: pool.clientId, Username: email, ConfirmationCode: '00000x' }),
    );
    expect(await failure(wrong)).toBe('CodeMismatchException');
    await client.send(
      new ConfirmSignUpCommand({ ClientId: pool.clientId, Username: email, ConfirmationCode: lastCode(email) }),
    );
    const { access, id } = await signIn(email);
    expect(id).toMatchObject({ email, email_verified: true });
    expect(await attributes(access)).toMatchObject({
      email,
      email_verified: 'true',
      preferred_username: 'Rowdy Newcomer',
    });
  });
});

describe("the user's own actions check the access token's signature", () => {
  /** The same header and claims as a real token, signed with another key (or not at all). */
  function forged(real: string, how: 'other-key' | 'none'): string {
    const [header, payload] = real.split('.');
    if (how === 'none') {
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      return `${none}.${payload}.`;
    }
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    return `${header}.${payload}.${sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), other).toString('base64url')}`;
  }

  it('refuses a forged or unsigned token for GetUser and UpdateUserAttributes, and changes nothing', async () => {
    const { access } = await signIn('holder@example.com');
    const before = await attributes(access);
    for (const token of [forged(access, 'other-key'), forged(access, 'none'), `${access.slice(0, -2)}xx`]) {
      expect(await failure(client.send(new GetUserCommand({ AccessToken: token })))).toBe('NotAuthorizedException');
      const update = new UpdateUserAttributesCommand({
        AccessToken: token,
        UserAttributes: [{ Name: 'email', Value: 'attacker@example.com' }],
      });
      expect(await failure(client.send(update))).toBe('NotAuthorizedException');
    }
    expect(await attributes(access)).toEqual(before);
  });

  it('refuses an ID token where an access token is needed', async () => {
    const { AuthenticationResult } = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: pool.clientId,
        AuthParameters: { USERNAME: 'holder@example.com', PASSWORD },
      }),
    );
    const refused = client.send(new GetUserCommand({ AccessToken: AuthenticationResult!.IdToken! }));
    expect(await failure(refused)).toBe('NotAuthorizedException');
  });
});
