/**
 * Whether a request comes from this machine's own pages: the check behind the API's `/dev/token`, the
 * local services port and the local user pool. `Host` must name loopback (`127.0.0.1`, `localhost`,
 * `[::1]`) with the listener's port, so that a site whose name was rebound to 127.0.0.1 (DNS
 * rebinding) does not count as this server's origin; browsers send `Origin` on cross-origin fetches
 * and form posts, and `Sec-Fetch-Site` on every request.
 */
import { isIP } from 'node:net';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

export interface HostRule {
  /**
   * Also take an IP address literal with the port (`192.168.1.20:4001`): for a listener bound beyond
   * loopback, reached from a phone by its address. No DNS answer can rebind a literal.
   */
  ipLiterals?: boolean;
}

/** Why `Host` is not this listener's own name and port, or null. */
export function foreignHost(headers: Record<string, string>, port: number, rule: HostRule = {}): string | null {
  const own = LOOPBACK_NAMES.map((name) => `${name}:${port}`);
  const host = (headers.host ?? '').toLowerCase();
  if (own.includes(host)) return null;
  const literal = /^\[?([0-9a-f.:]+)\]?:(\d+)$/.exec(host);
  if (rule.ipLiterals && literal && isIP(literal[1]) !== 0 && Number(literal[2]) === port) return null;
  return `Host must be one of ${own.join(', ')}${rule.ipLiterals ? ' or an IP address with that port' : ''}.`;
}

/** Why a request may come from a page of another site (or a rebound name), or null. */
export function foreignOrigin(headers: Record<string, string>, port: number): string | null {
  const host = foreignHost(headers, port);
  if (host) return host;
  const own = LOOPBACK_NAMES.map((name) => `http://${name}:${port}`);
  if (headers.origin !== undefined && !own.includes(headers.origin.toLowerCase())) {
    return `Origin ${headers.origin} is not this server.`;
  }
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `A ${site} request is not allowed.`;
  return null;
}
