/**
 * The local user pool answers as Cognito does: actions authorized by IAM (every Admin*, ListUsers, the
 * pool's management) need a SigV4 signature with the local credential; the public ones (sign-up,
 * sign-in, confirm, the user's own attributes) do not. A page of another origin in headless Chromium
 * tries to make itself an admin through the pool's unauthenticated port (ListUsers, SignUp,
 * AdminConfirmSignUp, AdminAddUserToGroup) and is refused at its first admin step, with nothing it
 * tried taking effect. Skipped only where Chromium is missing outside CI.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCognitoLocal, type CognitoLocal } from '../../src/runtime/cognito/server.ts';
import { PUBLIC_ACTIONS } from '../../src/runtime/cognito/public-actions.ts';
import { signedHeaders } from '../../src/runtime/cognito/sign-request.ts';
import { ensureUserPool, type LocalUserPool } from '../../src/runtime/cognito/user-pool.ts';
import { LOCAL_REGION } from '../../src/runtime/process/dynamodb-credentials.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../testing/chromium.ts';

const missing = !existsSync(CHROMIUM);

const credentials = { accessKeyId: 'LOCALGATETEST', secretAccessKey: 'gate-test-secret' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'cognito-gate-'));
let cognito: CognitoLocal;
let pool: LocalUserPool;
let admin: CognitoIdentityProviderClient;

beforeAll(async () => {
  cognito = await startCognitoLocal({
    dataDir,
    port: 0,
    signingKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
    adminCredentials: credentials,
  });
  // ensureUserPool's CreateUserPool, AdminCreateUser, ... go through the gate signed.
  pool = await ensureUserPool(cognito, {
    poolName: 'gate',
    clientName: 'app',
    usernameAttributes: ['email'],
    groups: ['admin'],
    users: [{ username: 'victim@example.com', password: 'Victim-pass-1', attributes: { email: 'victim@example.com' } }],
  });
  admin = new CognitoIdentityProviderClient({ endpoint: cognito.endpoint, region: LOCAL_REGION, credentials });
}, 60_000);

afterAll(async () => {
  admin?.destroy();
  await cognito?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const TARGET = (action: string) => `AWSCognitoIdentityProviderService.${action}`;
const post = (action: string, input: unknown, headers: Record<string, string> = {}) =>
  fetch(`${cognito.endpoint}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': TARGET(action), ...headers },
    body: JSON.stringify(input),
  });

describe('signed actions', () => {
  it('refuses an unsigned ListUsers and AdminSetUserPassword, without CORS headers', async () => {
    for (const [action, input] of [
      ['ListUsers', { UserPoolId: pool.userPoolId }],
      [
        'AdminSetUserPassword',
        { UserPoolId: pool.userPoolId, Username: 'victim@example.com', Password: 'Owned-pass-1', Permanent: true },
      ],
    ] as const) {
      const res = await post(action, input, { origin: 'http://evil.example' });
      expect(res.status, action).toBe(400);
      expect(await res.json()).toEqual({
        __type: 'MissingAuthenticationTokenException',
        message: 'Missing Authentication Token',
      });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    // The password did not change.
    const signIn = await post('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: pool.clientId,
      AuthParameters: { USERNAME: 'victim@example.com', PASSWORD: 'Victim-pass-1' },
    });
    expect(signIn.status).toBe(200);
  });

  it('refuses a signature made with another secret, or over another body', async () => {
    const url = new URL(`${cognito.endpoint}/`);
    const base = { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': TARGET('ListUsers') };
    const body = JSON.stringify({ UserPoolId: pool.userPoolId });
    const forged = await signedHeaders(url, base, body, { ...credentials, secretAccessKey: 'guessed' }, LOCAL_REGION);
    const res = await fetch(url, { method: 'POST', headers: forged, body });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ __type: 'InvalidSignatureException' });

    const signed = await signedHeaders(url, base, body, credentials, LOCAL_REGION);
    const swapped = await fetch(url, {
      method: 'POST',
      headers: signed,
      body: JSON.stringify({ UserPoolId: pool.userPoolId, Limit: 1 }),
    });
    expect(swapped.status).toBe(403);

    const stranger = await signedHeaders(
      url,
      base,
      body,
      { accessKeyId: 'AKIDSTRANGER', secretAccessKey: 'x' },
      LOCAL_REGION,
    );
    expect((await fetch(url, { method: 'POST', headers: stranger, body })).status).toBe(403);
  });

  it('answers a call signed with the local credential (the AWS SDK signs it by itself)', async () => {
    const { Users = [] } = await admin.send(new ListUsersCommand({ UserPoolId: pool.userPoolId }));
    expect(Users.map((u) => u.Attributes?.find((a) => a.Name === 'email')?.Value)).toEqual(['victim@example.com']);
    const user = await admin.send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: 'victim@example.com' }),
    );
    expect(user.UserStatus).toBe('CONFIRMED');
  });

  it('refuses a preflight that asks to send a signature', async () => {
    const res = await fetch(`${cognito.endpoint}/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,authorization,x-amz-date',
      },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('public actions', () => {
  it('answers SignUp unsigned, to any origin, as Cognito does', async () => {
    const preflight = await fetch(`${cognito.endpoint}/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const res = await post(
      'SignUp',
      {
        ClientId: pool.clientId,
        Username: 'public@example.com',
        Password: 'Public-pass-1',
        UserAttributes: [{ Name: 'email', Value: 'public@example.com' }],
      },
      { origin: 'http://app.example' },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("are exactly the actions the AWS SDK sends unsigned (its service model's optional auth)", () => {
    const sdk = path.dirname(
      createRequire(import.meta.url).resolve('@aws-sdk/client-cognito-identity-provider/package.json'),
    );
    const source = readFileSync(path.join(sdk, 'dist-es/auth/httpAuthSchemeProvider.js'), 'utf8');
    const unsigned = [
      ...source.matchAll(/case "(\w+)":\s*\{\s*options\.push\(createSmithyApiNoAuthHttpAuthOption/g),
    ].map((m) => m[1]);
    expect(unsigned.length).toBeGreaterThan(20);
    expect([...PUBLIC_ACTIONS].sort()).toEqual(unsigned.sort());
  });
});

describe.skipIf(missing && !process.env.CI)('a page of another origin in Chromium', () => {
  let site: Server;

  beforeAll(async () => {
    if (missing) throw new Error(`No Chromium at ${CHROMIUM}: CI installs it (.ci/run); apt-get install chromium`);
    site = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => site?.close(resolve));
  });

  it('is refused at the first admin step of the attack, and nothing it tried took effect', async () => {
    const profile = mkdtempSync(path.join(tmpdir(), 'gate-chromium-'));
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
    });
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      const attacker = 'attacker@example.com';
      const steps: [string, Record<string, unknown>][] = [
        ['ListUsers', { UserPoolId: pool.userPoolId }],
        [
          'SignUp',
          {
            ClientId: pool.clientId,
            Username: attacker,
            Password: 'Attack-pass-1',
            UserAttributes: [{ Name: 'email', Value: attacker }],
          },
        ],
        ['AdminConfirmSignUp', { UserPoolId: pool.userPoolId, Username: attacker }],
        ['AdminAddUserToGroup', { UserPoolId: pool.userPoolId, Username: attacker, GroupName: 'admin' }],
      ];
      // The attack's steps one after another, stopping at the first refusal.
      const run = (stepList: [string, Record<string, unknown>][], stopAtRefusal: boolean) =>
        page.evaluate(
          async ({ endpoint, stepList, stopAtRefusal }) => {
            const outcomes: string[] = [];
            for (const [action, input] of stepList) {
              try {
                const res = await fetch(`${endpoint}/`, {
                  method: 'POST',
                  headers: {
                    'content-type': 'application/x-amz-json-1.1',
                    'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
                  },
                  body: JSON.stringify(input),
                });
                outcomes.push(`${action} ${res.status}`);
              } catch (err) {
                outcomes.push(`${action} refused (${(err as Error).name})`);
                if (stopAtRefusal) break;
              }
            }
            return outcomes;
          },
          { endpoint: cognito.endpoint, stepList, stopAtRefusal },
        );
      expect(await run(steps, true)).toEqual(['ListUsers refused (TypeError)']);
      // Each step alone: the public sign-up goes through; no admin step does.
      expect(await run(steps, false)).toEqual([
        'ListUsers refused (TypeError)',
        'SignUp 200',
        'AdminConfirmSignUp refused (TypeError)',
        'AdminAddUserToGroup refused (TypeError)',
      ]);
      const user = await admin.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: attacker }));
      expect(user.UserStatus).toBe('UNCONFIRMED');
      const { Groups = [] } = await admin.send(
        new AdminListGroupsForUserCommand({ UserPoolId: pool.userPoolId, Username: attacker }),
      );
      expect(Groups).toEqual([]);
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }, 60_000);
});
