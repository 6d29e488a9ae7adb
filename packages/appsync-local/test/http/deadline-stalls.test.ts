/**
 * Every deadline holds for every way of stalling, alone and in a crowd: header lines sent whole but
 * never the blank line, a line stopped midway, a header dribbled a byte at a time, a TLS connection
 * that sends nothing after its handshake, on the plain and the TLS path of the API's port and on the
 * local user pool; and the same stalls all at once beside stalled TLS handshakes and silent real-time
 * sockets. Short deadlines (options), loopback only; every wait is bounded.
 */
import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConnectionDeadlines } from '../../src/runtime/io/deadlines.ts';
import { API_KEY, RealtimeClient } from '../realtime/toy-api.ts';
import { portOf, useListeners } from './listeners.ts';

const DEADLINES: ConnectionDeadlines = { firstByteMs: 600, tlsHandshakeMs: 600, headersMs: 600, requestMs: 1200 };
const INIT_MS = 600;
/** The deadline and a margin for a loaded two-core machine. */
const GRACE_MS = 1500;

const listeners = useListeners({
  name: 'stalls',
  realtime: { connectionInitTimeoutMs: INIT_MS, keepAliveMs: 60_000 },
  deadlines: DEADLINES,
});
const sockets: Socket[] = [];
const timers: NodeJS.Timeout[] = [];

// Runs before useListeners' own afterAll closes the listeners (vitest runs the hooks as a stack).
afterAll(async () => {
  for (const t of timers) clearInterval(t);
  for (const s of sockets) s.destroy();
});

/** Resolves with how long the server took to close `socket` (from `since`), or rejects after `withinMs`. */
function closedWithin(socket: Socket, withinMs: number, since = Date.now()): Promise<number> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) return resolve(Date.now() - since);
    const timer = setTimeout(
      () => reject(new Error(`still open after ${withinMs} ms`)),
      withinMs - (Date.now() - since),
    );
    socket.on('error', () => {});
    socket.resume();
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - since);
    });
  });
}

async function open(port: number, tls: boolean): Promise<Socket> {
  const socket = tls
    ? tlsConnect({ port, host: '127.0.0.1', ca: listeners.toy.ca.cert, servername: 'localhost' })
    : tcpConnect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => {});
  await new Promise((resolve, reject) => {
    socket.once(tls ? 'secureConnect' : 'connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

const WHOLE_LINES = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: 1\r\nX-B: 2\r\n';
const MID_LINE = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';

/** Keeps sending one byte of a header value every `everyMs`: a header that never ends. */
function dribble(socket: Socket, everyMs = 100): void {
  socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Drip: ');
  const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write('a')), everyMs);
  timers.push(timer);
}

/** Keeps sending whole header lines, one every `everyMs`, never the blank line. */
function lineByLine(socket: Socket, everyMs = 100): void {
  socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  let n = 0;
  const timer = setInterval(
    () => (socket.destroyed ? clearInterval(timer) : socket.write(`X-${(n += 1)}: v\r\n`)),
    everyMs,
  );
  timers.push(timer);
}

const STALLS: [string, (s: Socket) => void][] = [
  ['whole header lines, no blank line', (s) => s.write(WHOLE_LINES)],
  ['a line stopped midway', (s) => s.write(MID_LINE)],
  ['a header dribbled a byte at a time', (s) => dribble(s)],
  ['a header line every 100 ms, never the blank line', (s) => lineByLine(s)],
  ['nothing at all after connecting', () => {}],
];

for (const tls of [false, true]) {
  describe(`the API port over ${tls ? 'TLS' : 'plain HTTP'}`, () => {
    for (const [what, stall] of STALLS) {
      it(`closes ${what} by the headers deadline`, async () => {
        const socket = await open(portOf(listeners.toy.server.url), tls);
        const since = Date.now();
        stall(socket);
        await closedWithin(socket, DEADLINES.headersMs + GRACE_MS, since);
      });
    }
  });
}

describe('the local user pool', () => {
  for (const [what, stall] of STALLS) {
    it(`closes ${what} by the headers deadline`, async () => {
      const socket = await open(portOf(listeners.cognito.endpoint), false);
      const since = Date.now();
      stall(socket);
      await closedWithin(socket, DEADLINES.headersMs + GRACE_MS, since);
    });
  }
});

describe('a crowd of stalls', () => {
  it('closes every one by its own deadline, and the port answers meanwhile', async () => {
    const port = portOf(listeners.toy.server.url);
    const since = Date.now();
    const midLine = await Promise.all(Array.from({ length: 10 }, () => open(port, false)));
    for (const s of midLine) s.write(MID_LINE);
    const midLineTls = await Promise.all(Array.from({ length: 5 }, () => open(port, true)));
    for (const s of midLineTls) s.write(MID_LINE);
    const wholeLines = await Promise.all(Array.from({ length: 5 }, () => open(port, false)));
    for (const s of wholeLines) s.write(WHOLE_LINES);
    const handshakes = await Promise.all(Array.from({ length: 10 }, () => open(port, false)));
    for (const s of handshakes) s.write(Buffer.from([0x16, 0x03, 0x01]));
    const host = new URL(listeners.toy.server.url).host;
    const silent = await Promise.all(
      Array.from({ length: 10 }, () => RealtimeClient.open(listeners.toy, { host, 'x-api-key': API_KEY })),
    );
    expect(await listeners.toy.mutate('query { __typename }')).toEqual({ data: { __typename: 'Query' } });
    const bound = Math.max(DEADLINES.headersMs, DEADLINES.tlsHandshakeMs) + GRACE_MS + 500;
    await Promise.all(
      [...midLine, ...midLineTls, ...wholeLines, ...handshakes].map((s) => closedWithin(s, bound, since)),
    );
    const started = Date.now();
    while (silent.some((c) => !c.closed) && Date.now() - started < INIT_MS + GRACE_MS)
      await new Promise((r) => setTimeout(r, 50));
    expect(silent.every((c) => c.closed)).toBe(true);
  });
});
