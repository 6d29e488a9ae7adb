/**
 * A request target that is no URL (`GET //[ HTTP/1.1`) is answered 400 where it is parsed, on every
 * listener: the API's port over plain HTTP and TLS, its real-time upgrade, and the local user pool;
 * the process keeps serving. Loopback only; every wait is bounded.
 */
import { describe, expect, it } from 'vitest';
import { requestUrl } from '../../src/runtime/io/request-url.ts';
import { rawRequest } from '../../testing/raw-http.ts';
import { portOf, unsignedListUserPools, useListeners } from './listeners.ts';

const listeners = useListeners({ name: 'bad-line' });

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
      const port = portOf(listeners.toy.server.url);
      const tlsCa = tls ? listeners.toy.ca.cert : undefined;
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
      expect(await listeners.toy.mutate('query { __typename }')).toEqual({ data: { __typename: 'Query' } });
    });
  }

  it('gets a 400 from the local user pool, which keeps answering', async () => {
    const port = portOf(listeners.cognito.endpoint);
    for (const target of TARGETS) {
      const answer = await rawRequest(
        port,
        `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-length: 0\r\n\r\n`,
      );
      expect([400, 404], target).toContain(answer.status);
    }
    const res = await unsignedListUserPools(listeners.cognito);
    expect(res.status).toBe(400);
  });
});
