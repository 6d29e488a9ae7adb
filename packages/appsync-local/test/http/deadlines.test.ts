/**
 * Every connection has a deadline, so that a client that opens connections and stalls cannot hold
 * them (and the server's sockets) for ever: a stalled first byte, TLS handshake, request headers,
 * request body, or real-time first message is closed, on the plain and the TLS path of the
 * API's one port and on the local user pool's server. Short deadlines, loopback only; each wait is
 * bounded. Also: `ka` reaches a real-time connection before any `connection_init`.
 */
import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConnectionDeadlines } from '../../src/runtime/io/deadlines.ts';
import { API_KEY, RealtimeClient } from '../realtime/toy-api.ts';
import { portOf, useListeners } from './listeners.ts';

const DEADLINES: ConnectionDeadlines = { firstByteMs: 400, tlsHandshakeMs: 400, headersMs: 400, requestMs: 800 };
const INIT_MS = 500;
/** How long a test waits for the server to close a connection: the deadline and a margin. */
const GRACE_MS = 1500;

const listeners = useListeners({
  name: 'deadlines',
  realtime: { connectionInitTimeoutMs: INIT_MS, keepAliveMs: 150 },
  deadlines: DEADLINES,
});
const sockets: Socket[] = [];

// Runs before useListeners' own afterAll closes the listeners (vitest runs the hooks as a stack).
afterAll(async () => {
  for (const s of sockets) s.destroy();
});

/** Resolves with how long the server took to close `socket`, or rejects after `withinMs`. */
function closedWithin(socket: Socket, withinMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still open after ${withinMs} ms`)), withinMs);
    socket.on('error', () => {});
    // Read (and drop) what the server sends, such as its 408: a socket that does not read never sees the end.
    socket.resume();
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

async function plain(port: number): Promise<Socket> {
  const socket = tcpConnect(port, '127.0.0.1');
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

async function secure(port: number): Promise<Socket> {
  const socket = tlsConnect({ port, host: '127.0.0.1', ca: listeners.toy.ca.cert, servername: 'localhost' });
  sockets.push(socket);
  await new Promise((resolve, reject) => {
    socket.once('secureConnect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

const HALF_HEADERS = 'POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n';
const HALF_BODY =
  'POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"query":';

describe('the API port', () => {
  it('closes a connection that sends nothing', async () => {
    const socket = await plain(portOf(listeners.toy.server.url));
    expect(await closedWithin(socket, DEADLINES.firstByteMs + GRACE_MS)).toBeGreaterThanOrEqual(
      DEADLINES.firstByteMs - 50,
    );
  });

  it('closes a plain connection that sends half its headers', async () => {
    const socket = await plain(portOf(listeners.toy.server.url));
    socket.write(HALF_HEADERS);
    await closedWithin(socket, DEADLINES.headersMs + GRACE_MS);
  });

  it('closes a plain connection that sends half its body', async () => {
    const socket = await plain(portOf(listeners.toy.server.url));
    socket.write(HALF_BODY);
    await closedWithin(socket, DEADLINES.requestMs + GRACE_MS);
  });

  it('closes a connection that sends three bytes of a TLS handshake', async () => {
    const socket = await plain(portOf(listeners.toy.server.url));
    socket.write(Buffer.from([0x16, 0x03, 0x01]));
    await closedWithin(socket, DEADLINES.tlsHandshakeMs + GRACE_MS);
  });

  it('closes a TLS connection that sends half its headers, or half its body', async () => {
    const headers = await secure(portOf(listeners.toy.server.url));
    headers.write(HALF_HEADERS);
    const body = await secure(portOf(listeners.toy.server.url));
    body.write(HALF_BODY);
    await Promise.all([
      closedWithin(headers, DEADLINES.headersMs + GRACE_MS),
      closedWithin(body, DEADLINES.requestMs + GRACE_MS),
    ]);
  });

  it('still answers a request sent in time, over both paths', async () => {
    const body = await listeners.toy.mutate('query { __typename }');
    expect(body).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('the real-time endpoint', () => {
  const header = () => ({ host: new URL(listeners.toy.server.url).host, 'x-api-key': API_KEY });

  it('closes a connection that never sends connection_init (or any message), after sending it ka', async () => {
    const client = await RealtimeClient.open(listeners.toy, header());
    // ka as AppSync sends it: connection_init is optional, so it does not wait for one.
    expect(await client.next((m) => m.type === 'ka', INIT_MS)).toEqual({ type: 'ka' });
    const started = Date.now();
    while (!client.closed && Date.now() - started < INIT_MS + GRACE_MS) await new Promise((r) => setTimeout(r, 50));
    expect(client.closed).toMatchObject({ code: 1000 });
  });

  it('keeps a connection that sent connection_init past that deadline, with ka', async () => {
    const client = await RealtimeClient.open(listeners.toy, header());
    expect(await client.init()).toMatchObject({ type: 'connection_ack' });
    await new Promise((r) => setTimeout(r, INIT_MS + 500));
    expect(client.closed).toBeNull();
    client.messages.length = 0;
    await client.next((m) => m.type === 'ka');
    client.close();
  });
});

describe('the local user pool', () => {
  it('closes a connection that sends half its headers, or half its body', async () => {
    const port = portOf(listeners.cognito.endpoint);
    const headers = await plain(port);
    headers.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const body = await plain(port);
    body.write(
      'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nx-amz-target: AWSCognitoIdentityProviderService.SignUp\r\ncontent-type: application/x-amz-json-1.1\r\ncontent-length: 100\r\n\r\n{',
    );
    await Promise.all([
      closedWithin(headers, DEADLINES.headersMs + GRACE_MS),
      closedWithin(body, DEADLINES.requestMs + GRACE_MS),
    ]);
  });
});
