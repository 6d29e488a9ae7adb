/**
 * A request target that is no URL (`GET //[ HTTP/1.1`) is answered 400 where it is parsed, on every
 * listener: the API's port over plain HTTP and TLS, its real-time upgrade, and the local user pool;
 * the process keeps serving. Loopback only; every wait is bounded.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCognitoLocal, type CognitoLocal } from '../../src/runtime/cognito/server.ts';
import { requestUrl } from '../../src/runtime/io/request-url.ts';
import { rawRequest } from '../../testing/raw-http.ts';
import { startToyServer, type ToyServer } from '../realtime/toy-api.ts';

let toy: ToyServer;
let cognito: CognitoLocal;
const poolDir = mkdtempSync(path.join(tmpdir(), 'bad-line-pool-'));

beforeAll(async () => {
  toy = await startToyServer();
  cognito = await startCognitoLocal({
    dataDir: poolDir,
    port: 0,
    signingKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
    adminCredentials: { accessKeyId: 'LOCALBADLINE', secretAccessKey: 'x' },
  });
});

afterAll(async () => {
  await toy?.close();
  await cognito?.close();
  rmSync(poolDir, { recursive: true, force: true });
});

const portOf = (url: string) => Number(new URL(url).port);
const UPGRADE =
  'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Protocol: graphql-ws\r\n';
const TARGETS = ['//[', '//[::1', 'http://[/graphql', '//%zz[', '/graphql/realtime?%', '//[/graphql/realtime'];

describe('a request target that is no URL', () => {
  it('parses to null, never throws', () => {
    for (const target of TARGETS) expect(() => requestUrl(target)).not.toThrow();
    expect(requestUrl('//[')).toBeNull();
    expect(requestUrl('/graphql?x=1')?.pathname).toBe('/graphql');
  });

  for (const tls of [false, true]) {
    it(`gets a 400 from the API port over ${tls ? 'TLS' : 'plain HTTP'}, and the port keeps answering`, async () => {
      const port = portOf(toy.server.url);
      const tlsCa = tls ? toy.ca.cert : undefined;
      for (const target of TARGETS) {
        for (const method of ['GET', 'POST', 'OPTIONS']) {
          const answer = await rawRequest(port, `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, { tlsCa });
          // A target that is no URL gets 400; one that is (`?%`) is routed as usual.
          const expected = requestUrl(target) ? [204, 404] : [400];
          expect(expected, `${method} ${target}`).toContain(answer.status);
        }
        const upgrade = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${UPGRADE}\r\n`, {
          tlsCa,
        });
        if (!requestUrl(target)) expect(upgrade.status === 400 || upgrade.closed, `upgrade ${target}`).toBe(true);
        else expect(upgrade.status, `upgrade ${target}`).toBe(101);
      }
      expect(await toy.mutate('query { __typename }')).toEqual({ data: { __typename: 'Query' } });
    });
  }

  it('gets a 400 from the local user pool, which keeps answering', async () => {
    const port = portOf(cognito.endpoint);
    for (const target of TARGETS) {
      const answer = await rawRequest(port, `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-length: 0\r\n\r\n`);
      expect([400, 404], target).toContain(answer.status);
    }
    const res = await fetch(`${cognito.endpoint}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ListUserPools',
      },
      body: '{}',
    });
    expect(res.status).toBe(400);
  });
});
