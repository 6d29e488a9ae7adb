/**
 * Every socket a listener accepted and that is still open, so that closing the listener can end them
 * all at once: node:http's `closeAllConnections()` knows only the connections it still parses, not
 * those handed to an upgrade, nor (behind the TLS sniffer) the raw sockets under its TLS wrappers, and
 * `close()` waits for each of them.
 */
import type { Server, Socket } from 'node:net';

export function openSockets(listener: Server): { destroyAll(): void } {
  const open = new Set<Socket>();
  listener.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    destroyAll() {
      for (const socket of open) socket.destroy();
    },
  };
}
