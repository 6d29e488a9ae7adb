/**
 * Local-runtime overhead: p50 latency of a one-Query resolver (Query.events) over HTTP, against the
 * same Query sent straight to DynamoDB Local with the AWS SDK (the ratio), interleaved in one run. All
 * go over keep-alive connections from node's http module. A third series sends the Query with the
 * runtime's own DynamoDB calls (dynamodb-wire.ts), which skip the SDK's work: the API's p50 minus
 * that one is the runtime's own work a request, the HTTP hop included. A fourth, unless `peer` is
 * false, sends the same GraphQL request to Amplify's AppSync simulator (latency-peer.ts) on the same table.
 * The events have 1 to 3 matches each: a player's page leaves out events without one, so empty
 * events would make the API answer an empty page while DynamoDB still returns 20 items.
 */
import http from 'node:http';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { graphqlData, createDynamoDbWire, type WireInput } from 'appsync-local';
import { EVENT } from '@pickem/domain/entities/event';
import { queryInput } from '../amplify/functions/score-event/query.ts';
import type { BenchTarget } from './target.ts';
import { ADMIN_GROUP } from '@pickem/domain/groups';
import { stateDir } from '../project.ts';
import { startPeer, type Peer } from './latency-peer.ts';

export interface LatencyResult {
  benchmark: 'latency';
  samples: number;
  apiP50Ms: number;
  /** The AWS SDK's QueryCommand. */
  directP50Ms: number;
  ratio: number;
  /** The same Query by the runtime's own DynamoDB calls. */
  wireP50Ms: number;
  /** apiP50Ms - wireP50Ms. */
  ownWorkMs: number;
  /**
   * CPU time of this process (the runtime and the benchmark's client; DynamoDB Local runs in its own) per
   * API request, over `samples` more API requests after the timed ones. Other load on the machine moves
   * it far less than it moves the p50s.
   */
  apiCpuMsPerRequest: number;
  /** Events in the API's answer (all of the page: each has a match). */
  itemsReturned: number;
  /** The same GraphQL request to Amplify's AppSync simulator with a VTL resolver (absent without the peer). */
  peerP50Ms?: number;
  /** apiP50Ms / peerP50Ms. */
  ofPeer?: number;
}

const EVENTS = 20;

function p50(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

interface Poster {
  /** Resolves with the answer's text. */
  (): Promise<string>;
  close(): void;
}

/** POSTs a GraphQL request over a keep-alive connection; rejects on anything but a clean 200. */
function poster(url: string, token: string, query: string): Poster {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const body = JSON.stringify({ query });
  const post = () =>
    new Promise<string>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            authorization: token,
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (res.statusCode !== 200 || text.includes('"errors"'))
              reject(new Error(`HTTP ${res.statusCode}: ${text}`));
            else resolve(text);
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return Object.assign(post, { close: () => agent.destroy() });
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** 20 events of 1 to 3 matches each. */
async function seed(target: BenchTarget): Promise<void> {
  const admin = target.tokenFor('latency-admin', [ADMIN_GROUP]);
  for (let i = 0; i < EVENTS; i += 1) {
    const { createEvent } = await graphqlData<{ createEvent: { id: string } }>(
      target.url,
      admin,
      'mutation($input: CreateEventInput!) { createEvent(input: $input) { id } }',
      {
        input: {
          name: `Latency Event ${i}`,
          date: `2025-01-${String(i + 1).padStart(2, '0')}`,
          startsAt: '2030-01-01T00:00:00Z',
        },
      },
    );
    for (let m = 0; m <= i % 3; m += 1) {
      await graphqlData(
        target.url,
        admin,
        'mutation($eventId: ID!, $input: MatchInput!) { addMatch(eventId: $eventId, input: $input) { id } }',
        {
          eventId: createEvent.id,
          input: { points: 5, teams: [{ members: [`Wrestler ${m}A`] }, { members: [`Wrestler ${m}B`] }] },
        },
      );
    }
  }
}

export async function benchLatency(target: BenchTarget, samples = 400, peer = true): Promise<LatencyResult> {
  await seed(target);
  const player = target.tokenFor('latency-player');
  const query = `query { events(limit: ${EVENTS}) { items { id name date startsAt state season matchCount } nextToken } }`;
  const viaApi = poster(target.url, player, query);
  const input = queryInput(target.tableName, EVENT.list(), { limit: EVENTS });
  const direct = () => target.client.send(new QueryCommand(input));
  const wire = createDynamoDbWire(target.dynamoEndpoint, stateDir);
  // The pattern's values are strings, which have one form in the SDK's types and on the wire.
  const viaWire = () => wire.call('Query', input as WireInput<'Query'>);
  let simulator: Peer | undefined;
  let viaPeer: Poster | undefined;
  try {
    if (peer) {
      simulator = await startPeer(target.client, target.dynamoEndpoint, target.tableName);
      viaPeer = poster(simulator.url, player, query);
    }
    const items = async (post: Poster) =>
      JSON.stringify((JSON.parse(await post()) as { data: { events: { items: unknown[] } } }).data.events.items);
    const answer = await items(viaApi);
    const itemsReturned = (JSON.parse(answer) as unknown[]).length;
    // The same events (each token is its server's own).
    if (viaPeer && (await items(viaPeer)) !== answer) throw new Error("The simulator's events differ from the API's");
    for (let i = 0; i < 50; i += 1) {
      await viaApi();
      await direct();
      await viaWire();
      await viaPeer?.();
    }
    const api: number[] = [];
    const dyn: number[] = [];
    const raw: number[] = [];
    const sim: number[] = [];
    for (let i = 0; i < samples; i += 1) {
      api.push(await timed(viaApi));
      dyn.push(await timed(direct));
      raw.push(await timed(viaWire));
      if (viaPeer) sim.push(await timed(viaPeer));
    }
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < samples; i += 1) await viaApi();
    const cpu = process.cpuUsage(cpuBefore);
    const apiP50Ms = p50(api);
    const directP50Ms = p50(dyn);
    const wireP50Ms = p50(raw);
    const peerP50Ms = viaPeer ? p50(sim) : undefined;
    return {
      benchmark: 'latency',
      samples,
      apiP50Ms,
      directP50Ms,
      ratio: apiP50Ms / directP50Ms,
      wireP50Ms,
      ownWorkMs: apiP50Ms - wireP50Ms,
      apiCpuMsPerRequest: (cpu.user + cpu.system) / 1000 / samples,
      itemsReturned,
      ...(peerP50Ms === undefined ? {} : { peerP50Ms, ofPeer: apiP50Ms / peerP50Ms }),
    };
  } finally {
    viaApi.close();
    viaPeer?.close();
    await simulator?.stop();
    wire.close();
  }
}
