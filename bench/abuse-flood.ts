/**
 * The flood part of `npm run abuse`: 100 results entered on the demo's live event in about 2 s (each
 * setMatchResult starts an asynchronous live pass), then, once the passes have settled, the final
 * scoreEvent. One subscriber follows the event. Prints what the server logged of the passes (failed
 * asynchronous attempts and dropped invocations, as the local runtime logs them; superseded passes, as
 * the scoring function logs them), the RESULT messages received against the mutations sent, the
 * LEADERBOARD messages received and how many arrived out of order (by readAt, and by board version,
 * which orders boards for a client), and the final scoreEvent's time.
 */
import { once } from 'node:events';
import type WebSocket from 'ws';
import { demoEvents } from '../scripts/demo/cards.ts';
import { graphql, realtimeSocket, sendStart } from './abuse-client.ts';

interface Api {
  url: string;
  playerToken: string;
  adminToken: string;
  /** Lines the server has written so far (stdout and stderr), oldest first. */
  serverLines(): string[];
}

export const FLOOD_RESULTS = 100;
const FLOOD_MS = 2000;
/** The passes have settled once neither the subscriber nor the server's log has moved for this long. */
const QUIET_MS = 3000;
const SETTLE_BOUND_MS = 120_000;

const ON_EVENT = `subscription($e: ID!) { onEventUpdate(eventId: $e) { eventId kind readAt boardVersion matchId event { id state } } }`;

interface Received {
  kind: string;
  readAt: string;
  boardVersion: number | null;
}

/** One connection with one subscription to the event, acknowledged; every data message goes to `received`. */
async function subscriber(api: Api, eventId: string, received: Received[]): Promise<WebSocket> {
  const ws = realtimeSocket(api);
  await once(ws, 'open');
  const acked = new Promise<void>((resolve, reject) => {
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { type: string; payload?: any };
      if (m.type === 'data') received.push(m.payload.data.onEventUpdate as Received);
      else if (m.type === 'start_ack') resolve();
      else if (m.type === 'error' || m.type === 'connection_error') reject(new Error(JSON.stringify(m.payload)));
    });
  });
  ws.send(JSON.stringify({ type: 'connection_init' }));
  const data = JSON.stringify({ query: ON_EVENT, variables: { e: eventId } });
  sendStart(ws, api, 'flood', data);
  await acked;
  return ws;
}

/** Messages that arrived after one that is newer by `by` (readAt, or a LEADERBOARD's board version). */
function outOfOrder(updates: Received[], by: (u: Received) => string | number): number {
  let newest: string | number | null = null;
  let late = 0;
  for (const u of updates) {
    if (newest !== null && by(u) < newest) late += 1;
    else newest = by(u);
  }
  return late;
}

const count = (lines: string[], pattern: RegExp) => lines.filter((l) => pattern.test(l)).length;

export async function flood(api: Api) {
  const { events } = await graphql(api, api.adminToken, '{ events(limit: 50) { items { id name state } } }', {});
  // The demo's own live event, not one the earlier parts created.
  const demoLive = demoEvents.find((e) => e.state === 'BROADCAST')?.name;
  const live = (events.items as { id: string; name: string; state: string }[]).find(
    (e) => e.state === 'BROADCAST' && e.name === demoLive,
  );
  if (!live) throw new Error(`the demo's live event (${demoLive}) is not on air`);
  const { eventCard } = await graphql(
    api,
    api.adminToken,
    'query($e: ID!) { eventCard(eventId: $e) { matches { id } } }',
    { e: live.id },
  );
  const matches = (eventCard.matches as { id: string }[]).map((m) => m.id);

  const received: Received[] = [];
  const ws = await subscriber(api, live.id, received);
  const logFrom = api.serverLines().length;

  // 100 results, one every 20 ms, each match in turn, winners alternating 0 and 1.
  const started = performance.now();
  const sent: Promise<boolean>[] = [];
  for (let i = 0; i < FLOOD_RESULTS; i += 1) {
    const matchId = matches[i % matches.length];
    const winner = Math.floor(i / matches.length) % 2;
    sent.push(
      graphql(
        api,
        api.adminToken,
        'mutation($e: ID!, $m: ID!, $w: Int) { setMatchResult(eventId: $e, matchId: $m, winner: $w) { id } }',
        { e: live.id, m: matchId, w: winner },
      ).then(
        () => true,
        () => false,
      ),
    );
    await new Promise((r) => setTimeout(r, FLOOD_MS / FLOOD_RESULTS));
  }
  const sentMs = performance.now() - started;
  const accepted = (await Promise.all(sent)).filter(Boolean).length;
  const floodMs = performance.now() - started;

  // Settled: nothing received and nothing logged for QUIET_MS (bounded).
  let lastMove = Date.now();
  let seen = [received.length, api.serverLines().length];
  const settleBound = Date.now() + SETTLE_BOUND_MS;
  while (Date.now() - lastMove < QUIET_MS && Date.now() < settleBound) {
    await new Promise((r) => setTimeout(r, 200));
    const now = [received.length, api.serverLines().length];
    if (now[0] !== seen[0] || now[1] !== seen[1]) {
      seen = now;
      lastMove = Date.now();
    }
  }
  const settledMs = performance.now() - started;
  const log = api.serverLines().slice(logFrom);
  const duringFlood = [...received];

  const scoreStarted = performance.now();
  const score = await graphql(
    api,
    api.adminToken,
    'mutation($e: ID!) { scoreEvent(eventId: $e) { finished predictionsScored event { state } } }',
    { e: live.id },
  ).catch((err: Error) => ({ error: err.message }));
  const scoreMs = performance.now() - scoreStarted;
  await new Promise((r) => setTimeout(r, 1000));
  ws.terminate();

  const results = duringFlood.filter((u) => u.kind === 'RESULT');
  const boards = duringFlood.filter((u) => u.kind === 'LEADERBOARD');
  return {
    eventName: live.name,
    matches: matches.length,
    sent: FLOOD_RESULTS,
    accepted,
    sentMs,
    floodMs,
    settledMs,
    failedAttempts: count(log, /asynchronous invocation failed/),
    dropped: count(log, /asynchronous invocation failed \(attempt \d+, dropped\)/),
    superseded: count(log, /superseded by a newer result/),
    failureReasons: [
      ...new Set(
        log
          .filter((l) => /asynchronous invocation failed/.test(l))
          .map((l) =>
            l
              .replace(/^.*?\): (Error: )?/, '')
              .replace(/event \S+/g, 'event …')
              .slice(0, 90),
          ),
      ),
    ],
    resultMessages: results.length,
    leaderboardMessages: boards.length,
    leaderboardOutOfOrder: outOfOrder(boards, (u) => u.readAt),
    leaderboardBehindVersion: outOfOrder(boards, (u) => u.boardVersion ?? 0),
    score,
    scoreMs,
  };
}
