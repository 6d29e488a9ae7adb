/**
 * The unmodified aws-amplify client subscribes to the local runtime with the config it uses for
 * queries (amplify_outputs.json as `npm start` writes it): it derives wss://<host>/graphql/realtime
 * from the GraphQL URL, trusts the local CA through NODE_EXTRA_CA_CERTS, receives a mutation's
 * message and unsubscribes (the server sees the subscription end).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCAL_CLIENT_ID, LOCAL_ISSUER } from '../../src/runtime/auth/jwt.ts';
import { localOutputs } from '../../src/runtime/cognito/amplify-outputs.ts';
import { startToyServer, type ToyServer } from './toy-api.ts';

let toy: ToyServer;
const dir = mkdtempSync(path.join(tmpdir(), 'realtime-amplify-'));

beforeAll(async () => {
  toy = await startToyServer();
});
afterAll(async () => {
  await toy.close();
  rmSync(dir, { recursive: true, force: true });
});

function runSubscriber(
  outputsFile: string,
  token: string,
  caPath: string,
): Promise<{ code: number | null; lines: any[]; stderr: string }> {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'amplify-subscriber.mjs'), outputsFile, token],
    {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: caPath },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), 25_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({
        code,
        lines: stdout
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
        stderr,
      });
    }),
  );
}

it('subscribes, receives the matching mutation and unsubscribes, with the config it uses for queries', async () => {
  const outputs = localOutputs({
    apiUrl: `${toy.server.url}/graphql`,
    authorizationTypes: ['API_KEY'],
    pool: { userPoolId: 'local_toy', clientId: LOCAL_CLIENT_ID, issuer: LOCAL_ISSUER, jwksUrl: '' },
    userPoolEndpoint: 'http://127.0.0.1:1',
    usernameAttributes: ['username'],
    groups: [],
  });
  const outputsFile = path.join(dir, 'amplify_outputs.json');
  writeFileSync(outputsFile, JSON.stringify(outputs));
  // The CA file itself (toy.ca.certPath) lives in the toy server's own folder.
  const { code, lines, stderr } = await runSubscriber(outputsFile, toy.token('amplify-user'), toy.ca.certPath);
  expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
  const events = lines.filter((l) => !('state' in l));
  expect(events).toEqual([
    { mutation: { putThing: { id: 'other', name: 'name of other' } } },
    { mutation: { putThing: { id: 'amp', name: 'name of amp' } } },
    { data: { onThing: { id: 'amp', name: 'name of amp' } } },
    { done: true },
  ]);
  expect(lines).toContainEqual({ state: 'Connected' });
  // The client's stop reached the server.
  expect(toy.api.realtime.registry.size).toBe(0);
});
