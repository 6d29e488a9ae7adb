/**
 * The real-time server's memory for slow readers: one budget for what it has queued across all
 * real-time connections, so subscribers that stop reading cannot make it buffer without bound (the
 * slowest readers are cut off first, a reading one is kept); and deliveries in chunks that give the
 * event loop back, in publish order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkQueue } from '../../src/runtime/realtime/work-queue.ts';
import { API_KEY, RealtimeClient, startToyServer, type ToyServer } from './toy-api.ts';

const MB = 1024 * 1024;

describe('the send budget', () => {
  let toy: ToyServer;
  beforeAll(async () => {
    // Each connection alone may hold 256 MB: only the total budget (8 MB) can cut one off.
    toy = await startToyServer({ maxBufferedBytes: 256 * MB, maxTotalBufferedBytes: 8 * MB });
  });
  afterAll(async () => {
    await toy?.close();
  });

  const header = () => ({ host: new URL(toy.server.url).host, 'x-api-key': API_KEY });
  async function subscribed(subscriptions: number): Promise<RealtimeClient> {
    const client = await RealtimeClient.open(toy, header());
    await client.init();
    for (let i = 0; i < subscriptions; i += 1) {
      expect(
        await client.start(`s${i}`, 'subscription { onThing(id: "big") { id name } }', {}, header()),
      ).toMatchObject({ type: 'start_ack' });
    }
    return client;
  }

  it('cuts off the readers that stopped reading once all of them hold more than the budget, and keeps the one that reads', async () => {
    const slow = [await subscribed(10), await subscribed(10)];
    const reader = await subscribed(10);
    for (const s of slow) s.ws.pause();
    const name = 'n'.repeat(200 * 1024);
    // 20 updates of 200 KB to 10 subscriptions: 40 MB for each connection, far past the 8 MB budget.
    for (let i = 0; i < 20; i += 1) {
      await toy.mutate('mutation($n: String) { putThing(id: "big", name: $n) { id name } }', { n: name });
      await new Promise((r) => setImmediate(r));
    }
    const deadline = Date.now() + 20_000;
    while (reader.unread('data').length < 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(reader.unread('data')).toHaveLength(200);
    // Reading again, a slow client gets what the kernel still held, then the end of a connection cut off.
    for (const s of slow) s.ws.resume();
    while (slow.some((s) => !s.closed) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(slow.map((s) => s.closed?.code)).toEqual([1006, 1006]);
    expect(slow.map((s) => s.unread('data').length < 200)).toEqual([true, true]);
    expect(reader.closed).toBeNull();
    reader.close();
  }, 60_000);
});

describe('one update to many subscriptions', () => {
  let toy: ToyServer;
  beforeAll(async () => {
    // Budgets far above what the test queues: nobody is cut off, everything stays queued.
    toy = await startToyServer({ maxBufferedBytes: 1024 * MB, maxTotalBufferedBytes: 1024 * MB });
  });
  afterAll(async () => {
    await toy?.close();
  });

  it('is held once in memory however many subscriptions still have it queued', async () => {
    const header = { host: new URL(toy.server.url).host, 'x-api-key': API_KEY };
    const subscribe = async (count: number) => {
      const client = await RealtimeClient.open(toy, header);
      await client.init();
      for (let i = 0; i < count; i += 1)
        await client.start(`s${i}`, 'subscription { onThing(id: "shared") { id name } }', {}, header);
      return client;
    };
    const slow = [await subscribe(100), await subscribe(100)];
    for (const client of slow) client.ws.pause();
    // Subscribed last, so reached last: once it has an update, the slow ones have it queued.
    const reader = await subscribe(1);
    const used = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.external;
    };
    const before = used();
    // 3 updates of 200 KB to 200 subscriptions that do not read: 120 MB queued to send.
    for (let i = 0; i < 3; i += 1) {
      await toy.mutate('mutation($n: String) { putThing(id: "shared", name: $n) { id name } }', {
        n: String(i).repeat(200 * 1024),
      });
    }
    const deadline = Date.now() + 20_000;
    while (reader.unread('data').length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(reader.unread('data')).toHaveLength(3);
    // Three payloads of 200 KB (and the reader's copies), the frames' small parts, the run's garbage: not 120 MB.
    expect((used() - before) / MB).toBeLessThan(40);
    // Sent in fragments, each message still arrives whole.
    slow[0].ws.resume();
    while (slow[0].unread('data').length < 300 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(slow[0].unread('data').map((m) => m.payload.data.onThing.name)).toEqual(
      ['0', '1', '2'].flatMap((d) => Array(100).fill(d.repeat(200 * 1024))),
    );
    for (const client of [...slow, reader]) client.close();
  }, 60_000);
});

describe('the delivery queue', () => {
  it('runs a long job in chunks, letting other work in between, and jobs in the order queued', async () => {
    const queue = createWorkQueue(100);
    const log: string[] = [];
    const job = (name: string, steps: number) =>
      (function* () {
        for (let i = 0; i < steps; i += 1) yield;
        log.push(`${name} done`);
      })();
    queue.push(job('a', 350));
    queue.push(job('b', 10));
    // Other work queued after the jobs: it runs before 'a' is done.
    setImmediate(() => log.push('other'));
    const deadline = Date.now() + 5000;
    while (log.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(log).toEqual(['other', 'a done', 'b done']);
  });
});
