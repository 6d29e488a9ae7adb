/**
 * AppSync's real-time protocol on the local server (real-time-websocket-client.html), spoken with
 * `ws` over TLS from the local CA: the handshake and its authorization, start/start_ack/data/stop/
 * complete, keep-alive, argument matching, enhanced filters, invalidation, limits and bad frames.
 */
import { once } from 'node:events';
import { connect as tcpConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../src/runtime/auth/jwt.ts';
import { API_KEY, RealtimeClient, startToyServer, toyVersion, type ToyServer } from './toy-api.ts';

let toy: ToyServer;
const clients: RealtimeClient[] = [];

beforeAll(async () => {
  toy = await startToyServer({ keepAliveMs: 200, maxSubscriptionsPerConnection: 5, maxMessageBytes: 8 * 1024 });
});
afterAll(async () => {
  for (const c of clients) c.close();
  await toy.close();
});

const host = () => new URL(toy.server.url).host;
const apiKeyHeader = () => ({ host: host(), 'x-api-key': API_KEY });
const userHeader = (username = 'alice', groups: string[] = []) => ({
  host: host(),
  Authorization: toy.token(username, groups),
});

async function connect(header: Record<string, string> | null = apiKeyHeader(), how: 'protocol' | 'query' = 'protocol') {
  const client = await RealtimeClient.open(toy, header, how);
  clients.push(client);
  return client;
}

async function ready(header: Record<string, string> = apiKeyHeader()) {
  const client = await connect(header);
  expect(await client.init()).toMatchObject({ type: 'connection_ack' });
  return client;
}

const PUT = `mutation Put($id: ID!, $owner: String, $name: String, $count: Int, $tags: [String]) {
  putThing(id: $id, owner: $owner, name: $name, count: $count, tags: $tags) { id owner name count tags }
}`;
const ON_THING = 'subscription On($id: ID, $owner: String) { onThing(id: $id, owner: $owner) { id name owner } }';

async function put(variables: Record<string, unknown>, query = PUT) {
  const body = await toy.mutate(query, variables);
  expect(body.errors).toBeUndefined();
  return body;
}

describe('handshake', () => {
  it('acknowledges connection_init with connectionTimeoutMs, then sends ka periodically', async () => {
    const client = await connect();
    const ack = await client.init();
    expect(ack).toEqual({ type: 'connection_ack', payload: { connectionTimeoutMs: 300_000 } });
    await client.next((m) => m.type === 'ka');
    await client.next((m) => m.type === 'ka');
    expect(client.ws.protocol).toBe('graphql-ws');
  });

  it('takes the header as AWS documents it (base64 JSON in ?header=, with payload=e30=)', async () => {
    const client = await connect({ host: host(), Authorization: toy.token('bob') }, 'query');
    expect(await client.init()).toMatchObject({ type: 'connection_ack' });
  });

  it('refuses a missing, forged or expired token with connection_error (401 UnauthorizedException) and closes', async () => {
    const expired = signToken(
      toy.key,
      { username: 'carol', groups: [], expiresInSeconds: 60 },
      Math.floor(Date.now() / 1000) - 3600,
    );
    const forged = `${toy.token('dave').slice(0, -6)}AAAAAA`;
    for (const [header, message] of [
      [null, 'Valid authorization header not provided.'],
      [{ host: host(), Authorization: forged }, 'Unable to parse JWT token.'],
      [{ host: host(), Authorization: expired }, 'Token has expired.'],
      [{ host: host(), 'x-api-key': 'wrong' }, 'You are not authorized to make this call.'],
    ] as const) {
      const client = await connect(header as Record<string, string> | null);
      const reply = await client.init();
      expect(reply).toEqual({
        type: 'connection_error',
        payload: { errors: [{ errorType: 'UnauthorizedException', message, errorCode: 401 }] },
      });
      await expect(client.next(() => false, 2000)).rejects.toThrow(/closed/);
    }
  });
});

describe('subscriptions', () => {
  it('start → start_ack, a matching mutation → data shaped by the subscriber, stop → complete', async () => {
    const client = await ready();
    expect(await client.start('s1', ON_THING, { id: 't1' }, apiKeyHeader())).toEqual({ type: 'start_ack', id: 's1' });
    await put({ id: 't2', name: 'other' });
    await put({ id: 't1', name: 'first', owner: 'ann', count: 3 });
    const data = await client.next((m) => m.type === 'data');
    expect(data).toEqual({
      type: 'data',
      id: 's1',
      payload: { data: { onThing: { id: 't1', name: 'first', owner: 'ann' } } },
    });
    client.send({ type: 'stop', id: 's1' });
    expect(await client.next((m) => m.type === 'complete')).toEqual({ type: 'complete', id: 's1' });
    await put({ id: 't1', name: 'after stop' });
    // Delivery keeps publish order: once a later subscription has its message for a later put, any
    // message of the stopped one for the put before would have arrived already.
    expect(await client.start('s2', ON_THING, { id: 't1' }, apiKeyHeader())).toEqual({ type: 'start_ack', id: 's2' });
    await put({ id: 't1', name: 'marker' });
    expect((await client.next((m) => m.type === 'data' && m.id === 's2')).payload.data.onThing.name).toBe('marker');
    expect(client.unread('data')).toEqual([]);
  });

  it('a stop then a restart with the same id while the first start is pending: the restart alone is registered and acknowledged', async () => {
    const client = await ready();
    const startFrame = (id: string, thing: string) => ({
      id,
      type: 'start',
      payload: {
        data: JSON.stringify({ query: ON_THING, variables: { id: thing } }),
        extensions: { authorization: apiKeyHeader() },
      },
    });
    // The first start's resolver is held until the restart's has run, then finishes first (the order
    // in which a shared pending marker let the first start take the restart's place).
    const realtime = toy.api.realtime;
    const original = realtime.start;
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    realtime.start = async (request, auth, headers) => {
      const result = await original(request, auth, headers);
      if (request.variables?.id === 'first') await firstHeld;
      if (request.variables?.id === 'second') {
        releaseFirst();
        await new Promise((resolve) => setImmediate(resolve));
      }
      return result;
    };
    try {
      client.send(startFrame('r', 'first'));
      client.send({ type: 'stop', id: 'r' });
      expect(await client.next((m) => m.id === 'r')).toEqual({ type: 'complete', id: 'r' });
      client.send(startFrame('r', 'second'));
      expect(await client.next((m) => m.id === 'r')).toEqual({ type: 'start_ack', id: 'r' });
    } finally {
      realtime.start = original;
    }
    await put({ id: 'first', name: 'for the stopped start' });
    await put({ id: 'second', name: 'for the restart' });
    expect((await client.next((m) => m.id === 'r')).payload.data.onThing.name).toBe('for the restart');
    expect(client.messages.filter((m) => m.id === 'r')).toEqual([]);
  });

  it('matches every argument given (null ones are no constraint), and delivers in publish order', async () => {
    const client = await ready();
    await client.start('byOwner', ON_THING, { owner: 'zed' }, apiKeyHeader());
    await client.start('both', ON_THING, { id: 'x', owner: 'zed' }, apiKeyHeader());
    await client.start('all', ON_THING, { id: null }, apiKeyHeader());
    for (let i = 0; i < 5; i += 1) await put({ id: `n${i}`, owner: i % 2 ? 'zed' : 'amy', name: String(i) });
    await put({ id: 'x', owner: 'zed', name: 'x' });
    const names = async (id: string, n: number) => {
      const out: string[] = [];
      for (let i = 0; i < n; i += 1)
        out.push((await client.next((m) => m.type === 'data' && m.id === id)).payload.data.onThing.name);
      return out;
    };
    expect(await names('all', 6)).toEqual(['0', '1', '2', '3', '4', 'x']);
    expect(await names('byOwner', 3)).toEqual(['1', '3', 'x']);
    expect(await names('both', 1)).toEqual(['x']);
  });

  it('sends only what the mutation selected: other fields are null, a non-null one is an error', async () => {
    const client = await ready();
    await client.start('wide', 'subscription { onThing(id: "w") { id name count tags } }', {}, apiKeyHeader());
    await client.start('strict', 'subscription { onThing(id: "w") { id required } }', {}, apiKeyHeader());
    await put(
      { id: 'w', name: 'narrow', count: 7, tags: ['a'] },
      'mutation ($id: ID!, $name: String, $count: Int, $tags: [String]) { putThing(id: $id, name: $name, count: $count, tags: $tags) { id alias: name } }',
    );
    expect((await client.next((m) => m.id === 'wide' && m.type === 'data')).payload).toEqual({
      data: { onThing: { id: 'w', name: 'narrow', count: null, tags: null } },
    });
    const strict = await client.next((m) => m.id === 'strict' && m.type === 'data');
    expect(strict.payload.data).toEqual({ onThing: null });
    expect(strict.payload.errors[0].message).toMatch(/null/i);
  });

  it('publishes nothing for a mutation that failed or returned null', async () => {
    const client = await ready();
    await client.start('s', ON_THING, {}, apiKeyHeader());
    const failed = await toy.mutate('mutation { failThing(id: "f") { id } }');
    expect(failed.errors[0]).toMatchObject({ errorType: 'Refused' });
    await toy.mutate('mutation { nullThing(id: "n") { id } }');
    await put({ id: 'last', name: 'last' });
    expect((await client.next((m) => m.type === 'data')).payload.data.onThing.id).toBe('last');
    expect(client.unread('data')).toEqual([]);
  });

  it('applies the enhanced filter a subscription resolver set (util.transform.toSubscriptionFilter)', async () => {
    const client = await ready();
    await client.start('f', 'subscription { onFiltered(minCount: 5) { id } }', {}, apiKeyHeader());
    await put({ id: 'low', name: 'apple', count: 4 });
    await put({ id: 'b', name: 'banana', count: 9 });
    await put({ id: 'hit', name: 'avocado', count: 5 });
    expect((await client.next((m) => m.type === 'data')).payload.data.onFiltered.id).toBe('hit');
    expect(client.unread('data')).toEqual([]);
  });

  it('ORs filter groups (containsAny, in)', async () => {
    const client = await ready();
    await client.start('t', 'subscription { onAnyTag(tags: ["red", "blue"]) { id } }', {}, apiKeyHeader());
    await put({ id: 'none', tags: ['green'], owner: 'bob' });
    await put({ id: 'tag', tags: ['green', 'blue'], owner: 'bob' });
    await put({ id: 'owner', tags: [], owner: 'root' });
    expect((await client.next((m) => m.type === 'data')).payload.data.onAnyTag.id).toBe('tag');
    expect((await client.next((m) => m.type === 'data')).payload.data.onAnyTag.id).toBe('owner');
    expect(client.unread('data')).toEqual([]);
  });

  it('ends subscriptions whose invalidation filter matches a mutation’s invalidateSubscriptions payload', async () => {
    const client = await ready();
    await client.start('keep', 'subscription { onClosable(id: "k") { id } }', {}, apiKeyHeader());
    await client.start('drop', 'subscription { onClosable(id: "d") { id } }', {}, apiKeyHeader());
    await toy.mutate('mutation { closeThing(id: "d") { id } }');
    expect(await client.next((m) => m.type === 'complete')).toEqual({ type: 'complete', id: 'drop' });
    await put({ id: 'd' });
    await put({ id: 'k' });
    expect((await client.next((m) => m.type === 'data')).id).toBe('keep');
    expect(client.unread('data')).toEqual([]);
  });

  it('refuses more than 5 invalidateSubscriptions calls in one request, and invalidates nothing', async () => {
    const client = await ready();
    await client.start('c1', 'subscription { onClosable(id: "m1") { id } }', {}, apiKeyHeader());
    const body = await toy.mutate('mutation { closeMany(id: "m") { id } }');
    expect(body.data).toEqual({ closeMany: null });
    expect(body.errors[0].message).toMatch(/at most 5 times/);
    await put({ id: 'm1' });
    expect((await client.next((m) => m.type === 'data' || m.type === 'complete')).type).toBe('data');
  });
});

describe('hot reload', () => {
  it('keeps live subscriptions across a reload of the API', async () => {
    const client = await ready();
    await client.start('r', ON_THING, { id: 'rl' }, apiKeyHeader());
    toy.api.reload(toyVersion());
    await put({ id: 'rl', name: 'after reload' });
    expect((await client.next((m) => m.type === 'data')).payload.data.onThing.name).toBe('after reload');
    expect(await client.start('r2', ON_THING, { id: 'rl' }, apiKeyHeader())).toMatchObject({ type: 'start_ack' });
  });

  it('shapes a message by each subscription’s own schema when subscriptions from before and after a reload share an operation', async () => {
    const client = await ready();
    const query = 'subscription { onThing(id: "hr") { id owner } }';
    await client.start('before', query, {}, apiKeyHeader());
    const ownerRequired = toyVersion().schemaSDL.replace(
      '  owner: String\n  name: String',
      '  owner: String!\n  name: String',
    );
    expect(ownerRequired).not.toBe(toyVersion().schemaSDL);
    toy.api.reload({ ...toyVersion(), schemaSDL: ownerRequired });
    try {
      await client.start('after', query, {}, apiKeyHeader());
      await put(
        { id: 'hr', name: 'no owner selected' },
        'mutation ($id: ID!, $name: String) { putThing(id: $id, name: $name) { id name } }',
      );
      expect((await client.next((m) => m.id === 'before' && m.type === 'data')).payload).toEqual({
        data: { onThing: { id: 'hr', owner: null } },
      });
      const after = (await client.next((m) => m.id === 'after' && m.type === 'data')).payload;
      expect(after.data).toEqual({ onThing: null });
      expect(after.errors[0].message).toMatch(/null/i);
    } finally {
      toy.api.reload(toyVersion());
    }
  });
});

describe('authorization at start', () => {
  it('re-authenticates every start: a forged token or wrong key is an UnauthorizedException error', async () => {
    const client = await ready();
    const forged = await client.start('a', ON_THING, {}, { host: host(), Authorization: 'eyJ.forged.token' });
    expect(forged).toEqual({
      type: 'error',
      id: 'a',
      payload: { errors: [{ errorType: 'UnauthorizedException', message: 'Unable to parse JWT token.' }] },
    });
    const wrongKey = await client.start('b', ON_THING, {}, { host: host(), 'x-api-key': 'nope' });
    expect(wrongKey.payload.errors[0].errorType).toBe('UnauthorizedException');
    const missing = await client.start('c', ON_THING, {}, { host: host() });
    expect(missing.payload.errors[0].message).toBe('Valid authorization header not provided.');
    // A user-pool subscription on an API-key connection: each start has its own auth.
    expect(await client.start('d', ON_THING, {}, userHeader())).toMatchObject({ type: 'start_ack' });
  });

  it('authorizes the subscription field by its directives, and runs its resolver (util.unauthorized refuses)', async () => {
    const client = await ready(userHeader('eve'));
    const denied = await client.start('adm', 'subscription { onAdmin { id } }', {}, userHeader('eve'));
    expect(denied.type).toBe('error');
    expect(denied.payload.errors[0]).toMatchObject({
      errorType: 'Unauthorized',
      message: 'Not Authorized to access onAdmin on type Subscription',
    });
    expect(
      await client.start('adm2', 'subscription { onAdmin { id } }', {}, userHeader('root', ['admin'])),
    ).toMatchObject({ type: 'start_ack' });
    const refused = await client.start('r', 'subscription { onRefused { id } }', {}, userHeader('eve'));
    expect(refused.payload.errors[0]).toMatchObject({ errorType: 'Unauthorized' });
  });

  it("checks each field of a message against the subscriber's own authorization, not the publisher's", async () => {
    const query = 'subscription On($id: ID) { onThing(id: $id) { id keyOnly } }';
    const byKey = await ready();
    const byUser = await ready(userHeader('eve'));
    expect(await byKey.start('k', query, { id: 'ko' }, apiKeyHeader())).toMatchObject({ type: 'start_ack' });
    expect(await byUser.start('u', query, { id: 'ko' }, userHeader('eve'))).toMatchObject({ type: 'start_ack' });
    await put(
      { id: 'ko', keyOnly: 'for keys' },
      'mutation($id: ID!, $keyOnly: String) { putThing(id: $id, keyOnly: $keyOnly) { id keyOnly } }',
    );
    expect((await byKey.next((m) => m.type === 'data')).payload).toEqual({
      data: { onThing: { id: 'ko', keyOnly: 'for keys' } },
    });
    const refused = (await byUser.next((m) => m.type === 'data')).payload;
    expect(refused.data).toEqual({ onThing: { id: 'ko', keyOnly: null } });
    expect(refused.errors).toMatchObject([
      {
        errorType: 'Unauthorized',
        message: 'Not Authorized to access keyOnly on type Thing',
        path: ['onThing', 'keyOnly'],
      },
    ]);
  });

  it('refuses a filter past AppSync’s limits (in takes at most 5 values)', async () => {
    const client = await ready();
    const bad = await client.start('bf', 'subscription { onBadFilter { id } }', {}, apiKeyHeader());
    expect(bad.payload.errors[0].message).toMatch(/at most 5 values/);
  });
});

describe('bad input and limits', () => {
  it('answers bad JSON, unknown types, a start without data and a non-subscription with error messages, and keeps serving', async () => {
    const client = await ready();
    client.send('{not json');
    expect((await client.next((m) => m.type === 'error')).payload.errors[0].errorType).toBe('MalformedMessage');
    client.send({ type: 'subscribe', id: 'q' });
    expect((await client.next((m) => m.type === 'error')).payload.errors[0]).toEqual({
      errorType: 'UnsupportedOperation',
      message: 'subscribe not supported through the realtime channel',
    });
    client.send({ type: 'start', id: 'nodata', payload: {} });
    expect((await client.next((m) => m.type === 'error')).id).toBe('nodata');
    const query = await client.start('q', 'query { thing(id: "1") { id } }', {}, apiKeyHeader());
    expect(query.payload.errors[0].errorType).toBe('UnsupportedOperation');
    const invalid = await client.start('v', 'subscription { onThing { nope } }', {}, apiKeyHeader());
    expect(invalid.payload.errors[0].message).toMatch(/nope/);
    expect(await client.start('ok', ON_THING, {}, apiKeyHeader())).toMatchObject({ type: 'start_ack' });
  });

  it('refuses a duplicate id and more subscriptions than the per-connection quota', async () => {
    const client = await ready();
    await client.start('d', ON_THING, {}, apiKeyHeader());
    expect((await client.start('d', ON_THING, {}, apiKeyHeader())).payload.errors[0].errorType).toBe(
      'DuplicatedOperationError',
    );
    for (let i = 1; i < 5; i += 1)
      expect(await client.start(`m${i}`, ON_THING, {}, apiKeyHeader())).toMatchObject({ type: 'start_ack' });
    expect((await client.start('m5', ON_THING, {}, apiKeyHeader())).payload.errors[0].errorType).toBe(
      'MaxSubscriptionsReachedError',
    );
    client.send({ type: 'stop', id: 'm1' });
    await client.next((m) => m.type === 'complete');
    expect(await client.start('m6', ON_THING, {}, apiKeyHeader())).toMatchObject({ type: 'start_ack' });
  });

  it('answers PayloadTooLarge to a subscriber whose selection multiplies a message past the quota; others get it', async () => {
    const client = await ready();
    const aliases = Array.from({ length: 300 }, (_, i) => `t${i}: tags`).join(' ');
    const wide = `subscription { onThing(id: "amp") { ${aliases} } }`;
    expect(await client.start('wide', wide, {}, apiKeyHeader())).toMatchObject({ type: 'start_ack' });
    expect(await client.start('narrow', ON_THING, { id: 'amp' }, apiKeyHeader())).toMatchObject({ type: 'start_ack' });
    // 300 aliases of a 1 KB list: about 330 KB shaped, over the 8 KB quota of this server.
    await put({ id: 'amp', name: 'n', tags: Array.from({ length: 50 }, () => 'x'.repeat(20)) });
    const refused = await client.next((m) => m.id === 'wide');
    expect(refused).toMatchObject({ type: 'error', payload: { errors: [{ errorType: 'PayloadTooLarge' }] } });
    expect(await client.next((m) => m.id === 'narrow')).toMatchObject({
      type: 'data',
      payload: { data: { onThing: { id: 'amp', name: 'n' } } },
    });
  });

  it('closes with 1009 a connection that sends a frame over the message size quota', async () => {
    const client = await ready();
    client.send({ type: 'start', id: 'big', payload: { data: 'x'.repeat(9 * 1024) } });
    await expect(client.next(() => false, 3000)).rejects.toThrow(/closed \(1009\)/);
  });

  it('refuses a subscription over HTTP, and serves plain HTTP and TLS on one port', async () => {
    const body = await toy.mutate('subscription { onThing { id } }');
    expect(body.errors[0].message).toMatch(/real-time/);
    expect(toy.server.realtimeUrl).toMatch(/^wss:\/\/127\.0\.0\.1:\d+\/graphql\/realtime$/);
  });

  it('closes at once with a TCP connection open that has not sent its first byte', async () => {
    const other = await startToyServer();
    const silent = tcpConnect(Number(new URL(other.server.url).port), '127.0.0.1');
    await once(silent, 'connect');
    const silentClosed = once(silent, 'close');
    // Well under the 30 s after which the server drops a connection that says nothing.
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      other.close().then(() => 'closed'),
      new Promise((resolve) => (timer = setTimeout(() => resolve('still waiting'), 5000))),
    ]);
    clearTimeout(timer);
    silent.destroy();
    expect(outcome).toBe('closed');
    await silentClosed;
  });
});
