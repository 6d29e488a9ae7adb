/**
 * Every listener the package opens, for the suites that probe them on raw sockets: the toy API's one
 * port (plain HTTP, TLS, its real-time upgrade) and a local user pool, started before the suite and
 * closed after it. Loopback only.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startCognitoLocal, type CognitoLocal } from '../../src/runtime/cognito/server.ts';
import type { ConnectionDeadlines } from '../../src/runtime/io/deadlines.ts';
import type { RealtimeLimits } from '../../src/runtime/realtime/protocol.ts';
import { startToyServer, type ToyServer } from '../realtime/toy-api.ts';

export interface Listeners {
  toy: ToyServer;
  cognito: CognitoLocal;
}

export interface ListenerOptions {
  /** Names the pool's folder (`<name>-pool-`) and its admin key (`LOCAL<NAME>`). */
  name: string;
  realtime?: Partial<RealtimeLimits>;
  /** For both listeners; each kind's defaults when left out. */
  deadlines?: ConnectionDeadlines;
}

/**
 * Starts both listeners in the suite's `beforeAll` and closes them in an `afterAll` registered here:
 * call it before the suite's own `afterAll` hooks, which then run first (vitest runs them as a stack).
 * The fields are set once `beforeAll` has run.
 */
export function useListeners({ name, realtime = {}, deadlines }: ListenerOptions): Listeners {
  const listeners = {} as Listeners;
  const poolDir = mkdtempSync(path.join(tmpdir(), `${name}-pool-`));
  beforeAll(async () => {
    listeners.toy = await startToyServer(realtime, deadlines);
    listeners.cognito = await startCognitoLocal({
      dataDir: poolDir,
      port: 0,
      signingKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
      adminCredentials: { accessKeyId: `LOCAL${name.replace(/-/g, '').toUpperCase()}`, secretAccessKey: 'x' },
      ...(deadlines ? { deadlines } : {}),
    });
  });
  afterAll(async () => {
    await listeners.toy?.close();
    await listeners.cognito?.close();
    rmSync(poolDir, { recursive: true, force: true });
  });
  return listeners;
}

export const portOf = (url: string) => Number(new URL(url).port);

/** An unsigned ListUserPools call to the pool: an admin call without credentials, which it refuses. */
export const unsignedListUserPools = (cognito: CognitoLocal) =>
  fetch(`${cognito.endpoint}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.ListUserPools',
    },
    body: '{}',
  });
