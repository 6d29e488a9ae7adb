/**
 * The "hardening, third pass" part of `npm run abuse` (`--only hardening`): the findings 1 to 4
 * replayed against `npm start`, each while a bystander queries:
 *   a. request targets that are no URL (`GET //[`) to the API, the user pool and the app server, and
 *      broken percent-escapes (`/%E0%A4%A`, `/join/%E0%A4%A`) to the app server;
 *   b. one fragment of 4,000 aliases spread under 20 aliased `events(limit: 100)` (a 39 KB query);
 *   c. real-time connections of 100 subscriptions each, every document distinct and near the 32 KB
 *      document limit (what held 4.3 GB with 9 connections).
 * After each: every listener still answers. Loopback only; bounded.
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import type WebSocket from 'ws';
import { realtimeSocket, sendStart } from './abuse-client.ts';

interface Api {
  url: string;
  appUrl: string;
  userPoolUrl: string;
  playerToken: string;
  whileBystanding<T>(
    hostile: () => Promise<T>,
  ): Promise<{ result: T; slowest: number; answered: number; failed: number; peakRss: number }>;
}

/** Sends `request` as is and resolves with the status line's code (0 if the connection closed without one). */
function raw(url: string, request: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let text = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0));
    };
    const timer = setTimeout(done, 5000);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) done();
    });
    socket.on('error', done);
    socket.on('close', done);
  });
}

/** Whether the API, the user pool and the app server all answer a normal request. */
export async function stackAnswers(api: Api): Promise<boolean> {
  const [graphql, pool, app] = await Promise.all([
    fetch(api.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: api.playerToken },
      body: JSON.stringify({ query: '{ events(limit: 1) { items { id } } }' }),
    }).then(
      async (r) => r.status === 200 && Boolean(((await r.json()) as any).data?.events),
      () => false,
    ),
    fetch(`${api.userPoolUrl}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ListUserPools',
      },
      body: '{}',
    }).then(
      (r) => r.status === 400,
      () => false,
    ),
    fetch(`${api.appUrl}amplify_outputs.json`).then(
      (r) => r.status === 200,
      () => false,
    ),
  ]);
  return graphql && pool && app;
}

export async function badTargets(api: Api) {
  const line = (target: string) => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
  return api.whileBystanding(async () => {
    const statuses = [
      await raw(api.url, line('//[')),
      await raw(api.url, `GET //[ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`),
      await raw(api.userPoolUrl, line('//[')),
      await raw(api.appUrl, line('//[')),
      await raw(api.appUrl, line('/%E0%A4%A')),
      await raw(api.appUrl, line('/join/%E0%A4%A')),
    ];
    return { statuses, alive: await stackAnswers(api) };
  });
}

export const AMPLIFYING_QUERY = (() => {
  const aliases = Array.from({ length: 4000 }, (_, i) => `a${i}: name`).join(' ');
  const lists = Array.from({ length: 20 }, (_, i) => `e${i}: events(limit: 100) { items { ...F } }`).join(' ');
  return `query Amplify { ${lists} } fragment F on Event { ${aliases} }`;
})();

export async function amplification(api: Api) {
  return api.whileBystanding(async () => {
    const started = performance.now();
    const res = await fetch(api.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: api.playerToken },
      body: JSON.stringify({ query: AMPLIFYING_QUERY }),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    const errorType = (JSON.parse(text) as { errors?: { errorType?: string }[] }).errors?.[0]?.errorType ?? null;
    return { status: res.status, bytes: text.length, ms, errorType, alive: await stackAnswers(api) };
  });
}

/** A subscription document of about `chars` characters, unique to `n`. */
function bigSubscription(n: number, chars: number): string {
  const head = `subscription S${n}($e: ID!) { onEventUpdate(eventId: $e) { eventId `;
  // Each alias is 16 characters with its space.
  const count = Math.floor((chars - head.length - 4) / 16);
  const aliases = Array.from({ length: count }, (_, i) => `x${String(i).padStart(5, '0')}: eventId`).join(' ');
  return `${head}${aliases} } }`;
}

/** `connections` connections of 100 starts each, every document distinct and about `chars` long. */
export async function subscriptionMemory(api: Api, connections: number, chars: number) {
  const sockets: WebSocket[] = [];
  const run = await api.whileBystanding(async () => {
    let acked = 0;
    let limited = 0;
    let otherErrors = 0;
    for (let c = 0; c < connections; c += 1) {
      const ws = realtimeSocket(api);
      sockets.push(ws);
      await once(ws, 'open');
      let answered = 0;
      const all = new Promise<void>((resolve) => {
        ws.on('message', (raw) => {
          const m = JSON.parse(String(raw)) as { type: string; payload?: { errors?: { errorType?: string }[] } };
          if (m.type === 'start_ack') acked += 1;
          else if (m.type === 'error' && m.payload?.errors?.[0]?.errorType === 'LimitExceededError') limited += 1;
          else if (m.type === 'error') otherErrors += 1;
          else return;
          if (++answered === 100) resolve();
        });
        ws.on('close', () => resolve());
      });
      ws.send(JSON.stringify({ type: 'connection_init' }));
      for (let i = 0; i < 100; i += 1) {
        const data = JSON.stringify({ query: bigSubscription(c * 100 + i, chars), variables: { e: 'no-such-event' } });
        sendStart(ws, api, `s${i}`, data);
      }
      await all;
    }
    return { acked, limited, otherErrors };
  });
  for (const ws of sockets) ws.terminate();
  await new Promise((r) => setTimeout(r, 2000));
  return { ...run, alive: await stackAnswers(api) };
}
