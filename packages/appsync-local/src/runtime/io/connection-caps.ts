/**
 * How many connections each listener of the local stack may hold open, as shares of the process's
 * open-file limit: a flood of idle sockets on one port (the app's, the user pool's, the services')
 * fills that port's share and no more, so the API keeps room to accept and DynamoDB Local's sockets
 * and the files the runtime opens keep theirs. A connection over its listener's cap is closed as soon
 * as it is accepted (node:net's `maxConnections`), which frees its descriptor at once.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:net';

/** What each listener may take of the open-file limit; the rest (at least a third) is headroom. */
export const LISTENER_SHARES = {
  /** The API's HTTP and real-time listener. */
  api: 0.4,
  userPool: 0.1,
  services: 0.05,
  /** A project's own listener beside the runtime (the Pick'Em app's web server). */
  app: 0.1,
} as const;

/** No listener's cap goes below this, however low the limit. */
const MIN_CAP = 32;

/** The process's soft limit on open files (Linux's /proc/self/limits); 1024, the usual default, where it cannot be read. */
export function openFileLimit(limitsFile = '/proc/self/limits'): number {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    if (soft === 'unlimited') return Number.MAX_SAFE_INTEGER;
    const n = Number(soft);
    return Number.isInteger(n) && n > 0 ? n : 1024;
  } catch {
    return 1024;
  }
}

export function connectionCap(listener: keyof typeof LISTENER_SHARES, limit = openFileLimit()): number {
  return Math.max(MIN_CAP, Math.floor(limit * LISTENER_SHARES[listener]));
}

/** Caps `server`'s open connections at its listener's share. */
export function capConnections(server: Server, listener: keyof typeof LISTENER_SHARES): number {
  const cap = connectionCap(listener);
  server.maxConnections = cap;
  return cap;
}
