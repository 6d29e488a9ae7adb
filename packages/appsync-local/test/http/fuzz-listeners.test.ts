/**
 * Fuzzing every listener the package opens with generated raw requests (fast-check, raw TCP on
 * loopback): the API's port over plain HTTP and TLS (its real-time upgrade included: the generator
 * sends WebSocket upgrade headers to /graphql/realtime) and the local user pool. After each batch the
 * listener still answers a normal request, and the process is still up. Bounded by runs and time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConnectionDeadlines } from '../../src/runtime/io/deadlines.ts';
import { fuzzListener } from '../../testing/fuzz-http.ts';
import { portOf, unsignedListUserPools, useListeners } from './listeners.ts';

/** Short, so that a generated request that stalls (raw bytes, no blank line) is dropped within a batch. */
const DEADLINES: ConnectionDeadlines = { firstByteMs: 300, tlsHandshakeMs: 300, headersMs: 300, requestMs: 600 };

const listeners = useListeners({ name: 'fuzz', realtime: { connectionInitTimeoutMs: 500 }, deadlines: DEADLINES });

const apiAnswers = async () => {
  const body = await listeners.toy.mutate('query { __typename }');
  return body?.data?.__typename === 'Query';
};
const poolAnswers = async () => {
  const res = await unsignedListUserPools(listeners.cognito);
  return (
    res.status === 400 && ((await res.json()) as { __type?: string }).__type === 'MissingAuthenticationTokenException'
  );
};

describe('fuzzing the listeners', () => {
  it('the API port over plain HTTP (and its real-time upgrade) keeps answering', async () => {
    const report = await fuzzListener(fc, portOf(listeners.toy.server.url), apiAnswers, {
      batches: 25,
      batchSize: 100,
      timeLimitMs: 7000,
      answerTimeoutMs: 1000,
      paths: ['/explorer/', '/dev/credentials'],
    });
    expect(report.sent).toBeGreaterThanOrEqual(500);
  }, 30_000);

  it('the API port over TLS keeps answering', async () => {
    const report = await fuzzListener(fc, portOf(listeners.toy.server.url), apiAnswers, {
      batches: 10,
      batchSize: 50,
      tlsCa: listeners.toy.ca.cert,
      timeLimitMs: 4000,
      answerTimeoutMs: 1000,
    });
    expect(report.sent).toBeGreaterThanOrEqual(150);
  }, 30_000);

  it('the local user pool keeps answering', async () => {
    const report = await fuzzListener(fc, portOf(listeners.cognito.endpoint), poolAnswers, {
      batches: 20,
      batchSize: 100,
      timeLimitMs: 6000,
      answerTimeoutMs: 1000,
    });
    expect(report.sent).toBeGreaterThanOrEqual(500);
  }, 30_000);
});
