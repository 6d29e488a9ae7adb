/**
 * Local-runtime overhead: p50 latency of a one-Query resolver (Query.events) over HTTP, against the
 * same Query sent straight to DynamoDB Local, interleaved in one run.
 */
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { graphqlData } from '../appsync/local/client.ts';
import { KEY } from '../resolvers/lib/keys.ts';
import type { BenchTarget } from './target.ts';

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

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function benchLatency(target: BenchTarget, samples = 400): Promise<LatencyResult> {
  const admin = target.tokenFor('latency-admin', ['admin']);
  for (let i = 0; i < EVENTS; i += 1) {
    await graphqlData(target.url, admin, 'mutation($input: CreateEventInput!) { createEvent(input: $input) { id } }', {
      input: { name: `Latency Event ${i}`, date: `2025-01-${String(i + 1).padStart(2, '0')}`, startsAt: '2030-01-01T00:00:00Z' },
    });
  }
  const player = target.tokenFor('latency-player');
  const viaApi = () => graphqlData(target.url, player, `query { events(limit: ${EVENTS}) { items { id name date startsAt state season matchCount } nextToken } }`);
  const direct = () =>
    target.client.send(new QueryCommand({
      TableName: target.tableName,
      IndexName: 'GSI',
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': 'GSI_PK' },
      ExpressionAttributeValues: { ':pk': { S: KEY.eventsGsiPk } },
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
