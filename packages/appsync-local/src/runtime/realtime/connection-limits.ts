/**
 * The real-time connections of one API, counted in total and per identity, so that one caller (or all
 * of them) cannot open connections without bound: each holds sockets, buffers and up to 100
 * subscriptions. AppSync documents no such quotas (it scales out); the local figures are in
 * `protocol.ts` (RealtimeLimits), each a *(guess)*.
 */
import type { RequestAuth } from '../types.ts';

export interface ConnectionCounter {
  /** Takes a place for a new connection, or says why not. */
  open(): string | null;
  /** Counts an authenticated connection against its identity, or says why not (the place is kept until `close`). */
  identify(identity: string): string | null;
  close(identity: string | null): void;
  readonly total: number;
}

export function createConnectionCounter(limits: {
  maxConnections: number;
  maxConnectionsPerIdentity: number;
}): ConnectionCounter {
  let total = 0;
  const byIdentity = new Map<string, number>();
  return {
    open() {
      if (total >= limits.maxConnections)
        return `The API has at most ${limits.maxConnections} real-time connections open.`;
      total += 1;
      return null;
    },
    identify(identity) {
      const n = byIdentity.get(identity) ?? 0;
      if (n >= limits.maxConnectionsPerIdentity)
        return `One identity has at most ${limits.maxConnectionsPerIdentity} real-time connections open.`;
      byIdentity.set(identity, n + 1);
      return null;
    },
    close(identity) {
      total -= 1;
      if (identity === null) return;
      const n = (byIdentity.get(identity) ?? 1) - 1;
      if (n <= 0) byIdentity.delete(identity);
      else byIdentity.set(identity, n);
    },
    get total() {
      return total;
    },
  };
}

/** Who a connection is, for the per-identity count: the user, the IAM principal, or the API key. */
export function identityKey(auth: RequestAuth, headers: Record<string, string>): string {
  const identity = auth.identity;
  if (identity && 'sub' in identity) return `user:${identity.issuer}:${identity.sub}`;
  if (identity) return `iam:${identity.userArn}`;
  return `${auth.mode}:${headers['x-api-key'] ?? ''}`;
}
