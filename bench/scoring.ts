/**
 * Scoring throughput: a fresh table on a DynamoDB Local endpoint, one event with N predictions
 * (loaded with BatchWriteItem; half the players have a profile), then one timed first `scoreEvent` run.
 *
 *   npx tsx bench/scoring.ts [N ...]      (starts its own in-memory DynamoDB Local)
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { BatchWriteItemCommand, DeleteTableCommand, type DynamoDBClient, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { createDynamoDbClient, ensureTable, startDynamoDbLocal } from '../appsync/local/dynamodb-local.ts';
import { pickemTable } from '../amplify/data/table.ts';
import { EVENT } from '../resolvers/lib/entities/event.ts';
import { MATCH } from '../resolvers/lib/entities/match.ts';
import { PREDICTION } from '../resolvers/lib/entities/prediction.ts';
import { PROFILE } from '../resolvers/lib/entities/profile.ts';
import { toAttributes, type Item } from '../amplify/functions/score-event/attributes.ts';
import { forEachBounded } from '../amplify/functions/score-event/pool.ts';
import { createScorer } from '../amplify/functions/score-event/scorer.ts';

export interface ScoringBenchRow {
  predictions: number;
  seconds: number;
  predictionsPerSecond: number;
  /** As DynamoDB Local reports it (ReturnConsumedCapacity); it does not sum the items of a transaction. */
  wcu: number;
  /** Transactions estimated from item sizes with DynamoDB's rules (see capacity.ts). */
  wcuEstimate: number;
}

const MATCHES = 8;
const EVENT_ID = 'bench-event';
const DATE = '2025-04-19';

/**
 * `warmup` predictions (default 500; 0 for none) are scored first and not reported: the first
 * requests to a fresh DynamoDB Local JVM are several times slower than the rest.
 */
export async function benchScoring(opts: { endpoint: string; predictions: number[]; warmup?: number }): Promise<ScoringBenchRow[]> {
  const client = createDynamoDbClient(opts.endpoint);
  try {
    const warmup = opts.warmup ?? 500;
    if (warmup > 0) await scoreFresh(client, warmup);
    const rows: ScoringBenchRow[] = [];
    for (const n of opts.predictions) rows.push(await scoreFresh(client, n));
    return rows;
  } finally {
    client.destroy();
  }
}

/** A fresh table with `n` predictions, one timed scoring run, then the table is deleted. */
async function scoreFresh(client: DynamoDBClient, n: number): Promise<ScoringBenchRow> {
  const tableName = `bench-scoring-${randomBytes(4).toString('hex')}`;
  await ensureTable(client, { ...pickemTable, name: tableName });
  try {
    await load(client, tableName, n);
    const started = performance.now();
    const out = await createScorer({ client, tableName }).scoreEvent(EVENT_ID);
    const seconds = (performance.now() - started) / 1000;
    if (out.error) throw new Error(`scoring failed: ${JSON.stringify(out.error)}`);
    if (out.report.predictionsScored !== n) throw new Error(`scored ${out.report.predictionsScored} of ${n} predictions`);
    return { predictions: n, seconds, predictionsPerSecond: n / seconds, wcu: out.stats.wcu, wcuEstimate: out.stats.wcuEstimate };
  } finally {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  }
}

async function load(client: DynamoDBClient, tableName: string, n: number): Promise<void> {
  const matchIds = Array.from({ length: MATCHES }, (_, i) => `m${i}`);
  const items: Item[] = [
    EVENT.item({
      id: EVENT_ID,
      name: 'Bench Event',
      date: DATE,
      startsAt: `${DATE}T23:00:00.000Z`,
      startsAtMs: Date.parse(`${DATE}T23:00:00.000Z`),
      state: 'BROADCAST',
      season: 2025,
      matchOrder: matchIds,
    }),
    ...matchIds.map((id, i) =>
      MATCH.item({
        id,
        eventId: EVENT_ID,
        name: null,
        points: (i + 1) * 5,
        preshow: false,
        championships: [],
        teams: [0, 1, 2].map((t) => ({ name: null, members: [`Wrestler ${i}-${t}`], champion: false })),
        result: i % 3,
      }),
    ),
  ];
  for (let u = 0; u < n; u++) {
    const userId = `user-${String(u).padStart(6, '0')}`;
    items.push(
      PREDICTION.item({
        userId,
        displayName: `Player ${u}`,
        eventId: EVENT_ID,
        eventName: 'Bench Event',
        eventDate: DATE,
        // A spread of scores (and ties) without any pattern the scorer could exploit.
        picks: matchIds.map((matchId, i) => ({ matchId, team: (u * 31 + i * 17 + ((u >> 3) % 5)) % 3 })),
        points: null,
        correct: null,
        rank: null,
        updatedAt: `${DATE}T22:00:00.000Z`,
      }),
    );
    if (u % 2 === 0) items.push(PROFILE.item(userId, `Player ${u}!`));
  }
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25).map((item) => ({ PutRequest: { Item: toAttributes(item) } })));
  await forEachBounded(batches, 16, async (batch) => {
    let pending = batch;
    while (pending.length > 0) {
      const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }));
      pending = out.UnprocessedItems?.[tableName] ?? [];
    }
  });
}

async function main(): Promise<void> {
  const sizes = process.argv.slice(2).map(Number);
  const dynamo = await startDynamoDbLocal({ inMemory: true, port: 18_500 });
  try {
    const rows = await benchScoring({ endpoint: dynamo.endpoint, predictions: sizes.length > 0 ? sizes : [1000, 10000] });
    console.table(
      rows.map((r) => ({
        predictions: r.predictions,
        seconds: r.seconds.toFixed(2),
        'predictions/s': Math.round(r.predictionsPerSecond),
        'WCU reported': r.wcu,
        'WCU estimated': r.wcuEstimate,
        'est. WCU/prediction': (r.wcuEstimate / r.predictions).toFixed(2),
      })),
    );
  } finally {
    await dynamo.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
