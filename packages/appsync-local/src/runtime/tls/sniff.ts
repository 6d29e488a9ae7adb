/**
 * Plain HTTP and TLS on one port: the first byte of a TCP connection tells them apart (0x16 opens a
 * TLS handshake record; an HTTP request starts with a letter). TLS connections are decrypted here and
 * both kinds go to the same node:http server, so `http://host:port/graphql` and
 * `wss://host:port/graphql/realtime` (what Amplify's client derives from it) share one listener.
 */
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { createSecureContext, TLSSocket } from 'node:tls';
import { CONNECTION_DEADLINES, type ConnectionDeadlines } from '../io/deadlines.ts';
import type { ServerCertificate } from './local-ca.ts';

const TLS_HANDSHAKE = 0x16;

export function sniffingServer(
  http: HttpServer,
  certificate: ServerCertificate | undefined,
  deadlines: ConnectionDeadlines = CONNECTION_DEADLINES,
): NetServer {
  const secureContext = certificate && createSecureContext({ cert: certificate.cert, key: certificate.key });
  /** Connections not yet handed to `http`, whose `closeAllConnections()` does not know them. */
  const waiting = new Set<Socket>();
  const server = createNetServer({ pauseOnConnect: true }, (socket: Socket) => {
    waiting.add(socket);
    socket.once('close', () => waiting.delete(socket));
    socket.setTimeout(deadlines.firstByteMs, () => socket.destroy());
    socket.once('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      waiting.delete(socket);
      socket.pause();
      socket.unshift(first);
      socket.setTimeout(0);
      if (first[0] === TLS_HANDSHAKE && secureContext) {
        const secure = new TLSSocket(socket, { isServer: true, secureContext });
        secure.once('error', () => secure.destroy());
        const handshake = setTimeout(() => secure.destroy(), deadlines.tlsHandshakeMs);
        secure.once('secure', () => clearTimeout(handshake));
        secure.once('close', () => clearTimeout(handshake));
        http.emit('connection', secure);
      } else {
        http.emit('connection', socket);
      }
      process.nextTick(() => socket.resume());
    });
    socket.resume();
  });
  // node:http tracks its connections (its headersTimeout and requestTimeout, closeAllConnections) only
  // from its 'listening' event, which a server that never listens itself does not emit.
  server.once('listening', () => http.emit('listening'));
  // Closing stops listening and drops the connections still silent, so it need not wait for them.
  const close = server.close.bind(server);
  server.close = (callback) => {
    for (const socket of waiting) socket.destroy();
    return close(callback);
  };
  return server;
}
