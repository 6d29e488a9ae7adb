/**
 * Local-runtime overhead: p50 latency of a one-Query resolver (Query.events) over HTTP, against the
 * same Query sent straight to DynamoDB Local, interleaved in one run. Both go over keep-alive
 * connections from node's http module, the way the AWS SDK talks to DynamoDB.
 */
import http from 'node:http';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { graphqlData } from '../appsync/local/client.ts';
import { EVENT } from '../resolvers/lib/entities/event.ts';
import { TABLE } from '../resolvers/lib/entities/table.ts';
import type { BenchTarget } from './target.ts';
import { ADMIN_GROUP } from '../resolvers/lib/caller.ts';

export interface LatencyResult {
  benchmark: 'latency';
  samples: number;
  apiP50Ms: number;
  directP50Ms: number;
  ratio: number;
}

const EVENTS = 20;

function p50(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** POSTs a GraphQL request over a keep-alive connection; rejects on anything but a clean 200. */
function poster(url: string, token: string, query: string): () => Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const body = JSON.stringify({ query });
  return () =>
    new Promise((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', authorization: token, 'content-length': Buffer.byteLength(body) },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200 || text.includes('"errors"')) reject(new Error(`HTTP ${res.statusCode}: ${text}`));
          else resolve();
        });
      });
      req.on('error', reject);
      req.end(body);
    });
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function benchLatency(target: BenchTarget, samples = 400): Promise<LatencyResult> {
  const admin = target.tokenFor('latency-admin', [ADMIN_GROUP]);
  for (let i = 0; i < EVENTS; i += 1) {
    await graphqlData(target.url, admin, 'mutation($input: CreateEventInput!) { createEvent(input: $input) { id } }', {
      input: { name: `Latency Event ${i}`, date: `2025-01-${String(i + 1).padStart(2, '0')}`, startsAt: '2030-01-01T00:00:00Z' },
    });
  }
  const player = target.tokenFor('latency-player');
  const viaApi = poster(target.url, player, `query { events(limit: ${EVENTS}) { items { id name date startsAt state season matchCount } nextToken } }`);
  const direct = () =>
    target.client.send(new QueryCommand({
      TableName: target.tableName,
      IndexName: TABLE.index,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': TABLE.gsiPk },
      ExpressionAttributeValues: { ':pk': { S: EVENT.gsiPk } },
      ScanIndexForward: false,
      Limit: EVENTS,
    }));
  for (let i = 0; i < 50; i += 1) {
    await viaApi();
    await direct();
  }
  const api: number[] = [];
  const dyn: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    api.push(await timed(viaApi));
    dyn.push(await timed(direct));
  }
  const apiP50Ms = p50(api);
  const directP50Ms = p50(dyn);
  return { benchmark: 'latency', samples, apiP50Ms, directP50Ms, ratio: apiP50Ms / directP50Ms };
}
