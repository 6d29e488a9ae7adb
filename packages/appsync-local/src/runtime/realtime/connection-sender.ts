/**
 * What one connection sends: each message through the connection's own and the server's send budget,
 * corked so that what one turn of the event loop sends leaves in one write.
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { RealtimeLimits, ServerMessage } from './protocol.ts';
import type { Outbound, SendBudget } from './send-budget.ts';

export interface ConnectionSender {
  send(message: ServerMessage): void;
  /** A `data` message whose head (everything but the id) is prepared once for every subscriber. */
  sendData(head: Buffer, id: string): void;
  /** For the server's send budget, which may cut the connection off. */
  outbound: Outbound;
}

export function connectionSender(
  ws: WebSocket,
  socket: Socket,
  limits: RealtimeLimits,
  budget: SendBudget,
  isClosed: () => boolean,
): ConnectionSender {
  let corked = false;
  /** Whether the connection can take more; a client that does not read is dropped rather than buffered without bound. */
  const canSend = () => {
    if (isClosed()) return false;
    if (ws.bufferedAmount <= limits.maxBufferedBytes) return true;
    ws.terminate();
    return false;
  };
  // A delivery reaches every subscription of this connection in one loop: one write, not one TLS
  // record and one system call each.
  const cork = () => {
    if (corked) return;
    corked = true;
    socket.cork();
    process.nextTick(() => {
      corked = false;
      socket.uncork();
    });
  };
  return {
    send(message) {
      if (!canSend()) return;
      cork();
      ws.send(JSON.stringify(message));
      budget.sent();
    },
    // A fragmented message is one message to the client (RFC 6455 section 5.4); the fragments of one
    // are sent in one go, so nothing else comes between them.
    sendData(head, id) {
      if (!canSend()) return;
      cork();
      ws.send(head, { binary: false, fin: false });
      ws.send(`${JSON.stringify(id)}}`, { fin: true });
      budget.sent();
    },
    outbound: { queued: () => ws.bufferedAmount, cutOff: () => ws.terminate() },
  };
}
