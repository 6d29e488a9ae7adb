/**
 * One budget for what the server has queued to send, across all real-time connections: each
 * connection is also capped on its own (`maxBufferedBytes`), but many slow readers under that cap
 * could still hold gigabytes between them. When the total passes the budget, the connections with the
 * most queued (the slowest readers) are cut off first, until it is back under. Checked once per turn
 * of the event loop after a send, not at every send (a fan-out sends thousands in a turn).
 *
 * It counts bytes as each client would receive them (`ws`'s `bufferedAmount`), not the server's memory:
 * a message head shared by many subscriptions (`publish.ts`) counts once for each, so the memory really
 * held is at most this and often far less.
 */

/** A connection as the budget sees it. */
export interface Outbound {
  /** Bytes queued and not yet taken by the client. */
  queued(): number;
  cutOff(): void;
}

export interface SendBudget {
  add(connection: Outbound): void;
  delete(connection: Outbound): void;
  /** Something was sent: check the total once this turn's sends are done. */
  sent(): void;
}

export function createSendBudget(maxTotalBytes: number): SendBudget {
  const connections = new Set<Outbound>();
  let pending = false;
  const check = () => {
    pending = false;
    let total = 0;
    const queued = [...connections].map((c) => {
      const bytes = c.queued();
      total += bytes;
      return { c, bytes };
    });
    if (total <= maxTotalBytes) return;
    queued.sort((a, b) => b.bytes - a.bytes);
    for (const { c, bytes } of queued) {
      if (total <= maxTotalBytes || bytes === 0) break;
      connections.delete(c);
      c.cutOff();
      total -= bytes;
    }
  };
  return {
    add: (c) => void connections.add(c),
    delete: (c) => void connections.delete(c),
    sent() {
      if (pending) return;
      pending = true;
      setImmediate(check);
    },
  };
}
