/**
 * What subscriptions may hold is bounded: a subscription document's size, the distinct documents all
 * live subscriptions keep, connections per identity and in total (besides the 100 subscriptions per
 * connection). Identical subscriptions share one parsed document. Small limits on a toy server over
 * TLS, loopback only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, RealtimeClient, startToyServer, type ToyServer } from './toy-api.ts';

const LIMITS = {
  maxSubscriptionDocumentChars: 2048,
  maxSubscriptionDocumentsChars: 4096,
  maxConnectionsPerIdentity: 3,
  maxConnections: 5,
};

let toy: ToyServer;
const clients: RealtimeClient[] = [];

beforeAll(async () => {
  toy = await startToyServer(LIMITS);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await toy.close();
});

const host = () => new URL(toy.server.url).host;
const keyHeader = () => ({ host: host(), 'x-api-key': API_KEY });
const userHeader = (username: string) => ({ host: host(), Authorization: toy.token(username) });

async function ready(header: Record<string, string>) {
  const client = await RealtimeClient.open(toy, header);
  clients.push(client);
  return { client, ack: await client.init() };
}

/** A subscription document of about `chars` characters, unique to `n`. */
const documentOf = (n: number, chars: number) =>
  `subscription S${n} { onThing(id: "x") { id ${'name '.repeat(Math.max(0, Math.floor((chars - 60) / 5)))}} }`;

describe('subscription bounds', () => {
  it('refuses a subscription document over the size limit', async () => {
    const { client } = await ready(keyHeader());
    const big = documentOf(1, 3000);
    expect(big.length).toBeGreaterThan(LIMITS.maxSubscriptionDocumentChars);
    const answer = await client.start('big', big, {}, keyHeader());
    expect(answer).toMatchObject({ type: 'error', payload: { errors: [{ errorType: 'LimitExceededError' }] } });
    expect(await client.start('ok', documentOf(2, 500), {}, keyHeader())).toMatchObject({ type: 'start_ack' });
    client.close();
  });

  it('shares one parsed document across identical subscriptions, and bounds the distinct ones kept', async () => {
    const { client } = await ready(keyHeader());
    const same = documentOf(3, 1500);
    for (const id of ['a', 'b', 'c', 'd'])
      expect(await client.start(id, same, {}, keyHeader())).toMatchObject({ type: 'start_ack' });
    const subs = [...toy.api.realtime.registry.ofField('onThing')];
    const documents = new Set(subs.filter((s) => ['a', 'b', 'c', 'd'].includes(s.id)).map((s) => s.document));
    expect(documents.size).toBe(1);
    // Distinct documents: 1,500 characters each against 4,096 in all (the shared one counts once).
    expect(await client.start('e', documentOf(4, 1500), {}, keyHeader())).toMatchObject({ type: 'start_ack' });
    const over = await client.start('f', documentOf(5, 1500), {}, keyHeader());
    expect(over).toMatchObject({ type: 'error', payload: { errors: [{ errorType: 'LimitExceededError' }] } });
    // Stopping releases a document's share.
    client.send({ type: 'stop', id: 'e' });
    await client.next((m) => m.type === 'complete' && m.id === 'e');
    expect(await client.start('g', documentOf(5, 1500), {}, keyHeader())).toMatchObject({ type: 'start_ack' });
    client.close();
    await new Promise((r) => setTimeout(r, 200));
  });

  it('bounds connections per identity and in total', async () => {
    const alice = [];
    for (let i = 0; i < LIMITS.maxConnectionsPerIdentity; i += 1) alice.push(await ready(userHeader('alice')));
    for (const { ack } of alice) expect(ack).toMatchObject({ type: 'connection_ack' });
    const fourth = await ready(userHeader('alice'));
    expect(fourth.ack).toMatchObject({
      type: 'connection_error',
      payload: { errors: [{ errorType: 'LimitExceededError' }] },
    });
    // Another identity may connect, up to the total.
    const bob = await ready(userHeader('bob'));
    expect(bob.ack).toMatchObject({ type: 'connection_ack' });
    const others = [await ready(userHeader('carol'))];
    expect(others[0].ack).toMatchObject({ type: 'connection_ack' });
    const sixth = await ready(userHeader('dave'));
    expect(sixth.ack).toMatchObject({ type: 'connection_error' });
    // A closed connection frees its place.
    alice[0].client.close();
    await new Promise((r) => setTimeout(r, 200));
    expect((await ready(userHeader('alice'))).ack).toMatchObject({ type: 'connection_ack' });
  });
});
