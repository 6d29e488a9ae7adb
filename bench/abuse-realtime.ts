/**
 * The real-time part of `npm run abuse`: slow readers (connections that subscribe
 * 100 times to one event and then stop reading) while results are entered, and one result fanned out
 * to 200 connections x 100 subscriptions that do read. For each: the server's peak RSS and a
 * bystander's slowest answer. Plain `ws://` on the API's port (the same server as `wss://`).
 */
import { once } from 'node:events';
import type WebSocket from 'ws';
import { graphql, realtimeSocket, sendStart } from './abuse-client.ts';

export interface Bystanding {
  <T>(
    hostile: () => Promise<T>,
  ): Promise<{ result: T; slowest: number; answered: number; failed: number; peakRss: number }>;
}

interface Api {
  url: string;
  playerToken: string;
  adminToken: string;
  rssMb(): number;
  whileBystanding: Bystanding;
}

const SUBSCRIPTIONS = 100;
const ON_EVENT = `subscription($e: ID!) { onEventUpdate(eventId: $e) {
  eventId kind readAt matchId event { id name state matchCount } match { id name teams { name members champion } result }
} }`;

/** A BROADCAST event with one match of `teams` teams of `members` members named with `nameLength` characters. */
async function broadcastEvent(
  api: Api,
  name: string,
  teams: number,
  members: number,
  nameLength: number,
): Promise<{ id: string; matchId: string }> {
  const { createEvent } = await graphql(
    api,
    api.adminToken,
    'mutation($i: CreateEventInput!) { createEvent(input: $i) { id } }',
    {
      i: { name, date: '2031-07-01', startsAt: new Date(Date.now() + 3_600_000).toISOString() },
    },
  );
  const member = (t: number, m: number) => `T${t}M${m}-`.padEnd(nameLength, 'x');
  const input = {
    points: 10,
    teams: Array.from({ length: teams }, (_, t) => ({
      members: Array.from({ length: members }, (_, m) => member(t, m)),
    })),
  };
  const { addMatch } = await graphql(
    api,
    api.adminToken,
    'mutation($e: ID!, $i: MatchInput!) { addMatch(eventId: $e, input: $i) { id } }',
    { e: createEvent.id, i: input },
  );
  await graphql(api, api.adminToken, 'mutation($i: UpdateEventInput!) { updateEvent(input: $i) { id } }', {
    i: { id: createEvent.id, state: 'BROADCAST' },
  });
  return { id: createEvent.id, matchId: addMatch.id };
}

const setResult = (api: Api, event: { id: string; matchId: string }, winner: number) =>
  graphql(
    api,
    api.adminToken,
    'mutation($e: ID!, $m: ID!, $w: Int) { setMatchResult(eventId: $e, matchId: $m, winner: $w) { id } }',
    { e: event.id, m: event.matchId, w: winner },
  );

/** A connection with `SUBSCRIPTIONS` subscriptions to the event, all acknowledged; `onData` gets the kind of each update. */
async function subscriber(api: Api, eventId: string, onData: (kind: string) => void): Promise<WebSocket> {
  const ws = realtimeSocket(api);
  await once(ws, 'open');
  let acked = 0;
  const allAcked = new Promise<void>((resolve, reject) => {
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { type: string; payload?: any };
      if (m.type === 'data') onData(m.payload?.data?.onEventUpdate?.kind);
      else if (m.type === 'start_ack' && ++acked === SUBSCRIPTIONS) resolve();
      else if (m.type === 'error' || m.type === 'connection_error') reject(new Error(JSON.stringify(m.payload)));
    });
  });
  ws.send(JSON.stringify({ type: 'connection_init' }));
  const data = JSON.stringify({ query: ON_EVENT, variables: { e: eventId } });
  for (let i = 0; i < SUBSCRIPTIONS; i += 1) {
    sendStart(ws, api, `s${i}`, data);
  }
  await allAcked;
  return ws;
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  for (const ws of sockets) ws.terminate();
  // Let the server see the closes and free what it held.
  await new Promise((r) => setTimeout(r, 3000));
}

/** `readers` connections that stop reading, then results entered for `seconds`: what it costs the server and a bystander. */
export async function slowReaders(api: Api, readers: number, seconds: number) {
  // RESULT updates of about 90 KB: 30 teams of 30 members of 100 characters.
  const event = await broadcastEvent(api, `Slow readers ${readers} ${Date.now()}`, 30, 30, 100);
  const sockets: WebSocket[] = [];
  for (let i = 0; i < readers; i += 1) sockets.push(await subscriber(api, event.id, () => {}));
  for (const ws of sockets) ws.pause();
  let cutOff = 0;
  for (const ws of sockets) ws.on('close', () => (cutOff += 1));
  const rssBefore = api.rssMb();
  const run = await api.whileBystanding(async () => {
    const until = Date.now() + seconds * 1000;
    let results = 0;
    let refused = 0;
    // A result the server could not take in time (ExecutionTimeout) is counted, not fatal.
    while (Date.now() < until) await setResult(api, event, (results += 1) % 2).catch(() => (refused += 1));
    return { results, refused };
  });
  // Reading again, a reader that was cut off gets what the kernel still held, then the connection's end.
  for (const ws of sockets) ws.resume();
  await new Promise((r) => setTimeout(r, 5000));
  const dropped = cutOff;
  await closeAll(sockets);
  return {
    results: run.result.results,
    refused: run.result.refused,
    rssBefore,
    peakRss: run.peakRss,
    slowest: run.slowest,
    answered: run.answered,
    failed: run.failed,
    dropped,
    rssAfter: api.rssMb(),
  };
}

/** One result to `connections` x 100 subscriptions that read: the server's peak and a bystander's slowest answer, and how long until every message arrived. */
export async function fanOut(api: Api, connections: number) {
  const event = await broadcastEvent(api, `Fan out ${connections} ${Date.now()}`, 2, 1, 10);
  let received = 0;
  const sockets: WebSocket[] = [];
  for (let i = 0; i < connections; i += 1)
    sockets.push(
      await subscriber(api, event.id, (kind) => (received += Number(kind === 'RESULT' || kind === 'LEADERBOARD'))),
    );
  const rssBefore = api.rssMb();
  // One result: a RESULT update, then the scoring pass's LEADERBOARD, to every subscription.
  const expected = 2 * connections * SUBSCRIPTIONS;
  const run = await api.whileBystanding(async () => {
    const started = performance.now();
    await setResult(api, event, 0);
    const deadline = Date.now() + 60_000;
    while (received < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return performance.now() - started;
  });
  // Time for a message sent twice to arrive too.
  await new Promise((r) => setTimeout(r, 1000));
  const got = received;
  await closeAll(sockets);
  return {
    expected,
    received: got,
    allMs: run.result,
    rssBefore,
    peakRss: run.peakRss,
    slowest: run.slowest,
    answered: run.answered,
    failed: run.failed,
  };
}
