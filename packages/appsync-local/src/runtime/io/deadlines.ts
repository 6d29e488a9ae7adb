/**
 * How long a connection may take over each step before the server closes it, on the plain and the
 * TLS path alike (and on the local user pool's server). AppSync documents none of these for its
 * endpoints; its one figure near them, 30 s of request execution ("AWS AppSync endpoints and quotas"),
 * bounds the work, not the upload. So each value is a *(guess)*, chosen so that a slow phone on a bad
 * link still gets through and a client that stalls on purpose is dropped within a minute:
 *
 * - `firstByteMs`, 30 s: from connect to the first byte (which tells TLS from plain HTTP);
 * - `tlsHandshakeMs`, 10 s: from the first TLS byte to a finished handshake;
 * - `headersMs`, 20 s: from connect (or the previous response) to the end of a request's headers
 *   (Node's `headersTimeout`);
 * - `requestMs`, 60 s: to the end of a request's body (Node's `requestTimeout`; at most 1 MB);
 *
 * The real-time endpoint's own deadline (a first message) is in `realtime/protocol.ts`.
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionDeadlines {
  firstByteMs: number;
  tlsHandshakeMs: number;
  headersMs: number;
  requestMs: number;
}

export const CONNECTION_DEADLINES: ConnectionDeadlines = {
  firstByteMs: 30_000,
  tlsHandshakeMs: 10_000,
  headersMs: 20_000,
  requestMs: 60_000,
};

/**
 * node:http's options that enforce `headersMs` and `requestMs`. Node checks its connections on an
 * interval (30 s by default, which would let a stalled one live up to 30 s past its deadline), so it
 * is set to a fraction of the shortest deadline, at most 1 s.
 */
export function httpTimeouts(deadlines: ConnectionDeadlines): {
  headersTimeout: number;
  requestTimeout: number;
  connectionsCheckingInterval: number;
} {
  return {
    headersTimeout: deadlines.headersMs,
    requestTimeout: deadlines.requestMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(deadlines.headersMs / 4))),
  };
}

/**
 * A second guard for the headers deadline, held by the runtime rather than by node:http: a connection
 * whose first request's headers have not all arrived `headersMs` (plus node's check interval) after it
 * was handed to `server` is destroyed, however it stalls (a line stopped midway, whole header lines
 * and never the blank line, nothing at all after a TLS handshake). node:http's own check answers 408
 * first whenever it tracks the connection; this one holds when it does not (a socket handed over by the
 * TLS-detecting listener before node:http tracked its connections). Later requests on a kept-alive
 * connection are node:http's (`headersTimeout`, `keepAliveTimeout`).
 */
export function guardFirstHeaders(server: HttpServer, deadlines: ConnectionDeadlines): void {
  const graceMs = httpTimeouts(deadlines).connectionsCheckingInterval + 100;
  const pending = new WeakMap<Socket, NodeJS.Timeout>();
  const arrived = (socket: Socket) => {
    clearTimeout(pending.get(socket));
    pending.delete(socket);
  };
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), deadlines.headersMs + graceMs);
    timer.unref();
    pending.set(socket, timer);
    socket.once('close', () => arrived(socket));
  });
  server.on('request', (req: IncomingMessage) => arrived(req.socket));
  server.on('upgrade', (req: IncomingMessage) => arrived(req.socket));
}
