/**
 * Property-based fuzzing of an HTTP listener over raw TCP on loopback: generated request lines
 * (methods good and bad, targets with broken percent-escapes, `//[`, odd characters), headers (odd
 * names and values, lines of up to 20 KB, WebSocket upgrades) and raw bytes, sent in batches; after
 * each batch the listener must still answer a normal request. The caller passes its `fast-check`
 * (a test dependency of the caller, not of this package) and bounds the run by runs and by time.
 */
import type { Arbitrary } from 'fast-check';
import type fastCheck from 'fast-check';
import { rawRequest } from './raw-http.ts';

export interface FuzzOptions {
  /** Batches to send (fast-check runs); default 30. */
  batches?: number;
  /** Requests per batch, sent at once; default 40. */
  batchSize?: number;
  /** Stop generating new batches after this long; default 8000 ms. */
  timeLimitMs?: number;
  /** Speak TLS to the listener, trusting this CA. */
  tlsCa?: string;
  /** Paths worth hitting on this listener, besides generated ones. */
  paths?: string[];
  /** The longest wait for one answer; default 2000 ms (the listener's deadlines should be shorter). */
  answerTimeoutMs?: number;
}

export interface FuzzReport {
  sent: number;
  /** Requests answered by status (0: closed or timed out without an answer). */
  statuses: Record<number, number>;
}

/** fast-check's default export, as the caller imports it. */
type FastCheck = typeof fastCheck;

/** Headers the generator never sends: they make the listener wait for a body that never comes. */
const BODY_HEADERS = /^(content-length|transfer-encoding|expect)$/i;

/** Arbitraries of raw HTTP requests (as text or bytes). */
export function requestArbitrary(fc: FastCheck, paths: string[] = []): Arbitrary<string | Buffer> {
  const method = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('GET', 'POST', 'OPTIONS', 'HEAD') },
    { weight: 1, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'CONNECT', 'TRACE', 'PRI', 'get', 'G\u00c9T') },
    { weight: 1, arbitrary: fc.string({ minLength: 0, maxLength: 10 }) },
  );
  const escape = fc.constantFrom(
    '%',
    '%E0',
    '%E0%A4%A',
    '%zz',
    '%00',
    '%2F',
    '%2e%2e',
    '%FF',
    '%C0%AF',
    '[',
    ']',
    '..',
  );
  const segment = fc.oneof(fc.webSegment(), escape, fc.string({ maxLength: 6 }));
  const target = fc.oneof(
    {
      weight: 2,
      arbitrary: fc.constantFrom('/', '/graphql', '/graphql/realtime', '//[', '//[::1', '*', 'http://[/', ...paths),
    },
    { weight: 4, arbitrary: fc.array(segment, { maxLength: 6 }).map((s) => `/${s.join('/')}`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom('/', '/graphql', '/dev/token', '/join/', '//', ...paths),
          fc.array(escape, { maxLength: 4 }),
        )
        .map(([p, e]) => `${p}${e.join('')}`),
    },
    { weight: 1, arbitrary: fc.webUrl() },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.nat(8192).map((n) => `/${'a'.repeat(n)}`) },
  );
  const version = fc.constantFrom(
    'HTTP/1.1',
    'HTTP/1.1',
    'HTTP/1.1',
    'HTTP/1.0',
    'HTTP/2.0',
    'HTTP/9.9',
    '',
    'http/1.1',
  );
  const name = fc
    .oneof(
      fc.constantFrom(
        'Host',
        'Upgrade',
        'Connection',
        'Sec-WebSocket-Key',
        'Sec-WebSocket-Version',
        'Sec-WebSocket-Protocol',
        'X-Amz-Target',
        'Authorization',
        'Origin',
        'Content-Type',
        'Cookie',
      ),
      fc.string({ minLength: 0, maxLength: 16 }),
    )
    .filter((n) => !BODY_HEADERS.test(n.trim()));
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('127.0.0.1', 'websocket', 'Upgrade', '13', 'dGhlIHNhbXBsZSBub25jZQ==', 'graphql-ws'),
    },
    { weight: 1, arbitrary: fc.nat(20_000).map((n) => 'x'.repeat(n)) },
  );
  const header = fc.tuple(name, value).map(([n, v]) => `${n}: ${v}`);
  const text = fc
    .record({ method, target, version, host: fc.boolean(), headers: fc.array(header, { maxLength: 8 }) })
    .map(
      (r) =>
        `${r.method} ${r.target} ${r.version}\r\n${r.host ? 'Host: 127.0.0.1\r\n' : ''}${r.headers.join('\r\n')}${r.headers.length ? '\r\n' : ''}\r\n`,
    );
  const bytes = fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => Buffer.from(b));
  return fc.oneof({ weight: 9, arbitrary: text }, { weight: 1, arbitrary: bytes });
}

/**
 * Sends generated batches to 127.0.0.1:`port`; after each, `healthy()` must resolve true. Rejects
 * (with fast-check's counterexample and seed) when it does not.
 */
export async function fuzzListener(
  fc: FastCheck,
  port: number,
  healthy: () => Promise<boolean>,
  options: FuzzOptions = {},
): Promise<FuzzReport> {
  const report: FuzzReport = { sent: 0, statuses: {} };
  const batch = fc.array(requestArbitrary(fc, options.paths), {
    minLength: options.batchSize ?? 40,
    maxLength: options.batchSize ?? 40,
  });
  await fc.assert(
    fc.asyncProperty(batch, async (requests) => {
      const answers = await Promise.all(
        requests.map((r) => rawRequest(port, r, { tlsCa: options.tlsCa, timeoutMs: options.answerTimeoutMs ?? 2000 })),
      );
      report.sent += answers.length;
      for (const a of answers) report.statuses[a.status] = (report.statuses[a.status] ?? 0) + 1;
      return healthy();
    }),
    { numRuns: options.batches ?? 30, interruptAfterTimeLimit: options.timeLimitMs ?? 8000, endOnFailure: true },
  );
  return report;
}
