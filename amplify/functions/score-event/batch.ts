/**
 * BatchWriteItem and BatchGetItem over any number of requests: split into calls of DynamoDB's limits,
 * `concurrency` calls in flight, what DynamoDB leaves unprocessed sent again with a growing delay.
 */
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  type AttributeValue,
  type DynamoDBClient,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { MAX_BATCH_GET_KEYS } from '@pickem/domain/limits';
import { keyId, type ItemKey } from '@pickem/domain/entities/table';
import { fromAttributes, toAttributes, type Item } from './attributes.ts';
import type { MeterFeed } from './meter.ts';
import { forEachBounded } from './pool.ts';
import { backoff, sleep } from './retry.ts';

const BATCH_GET_ATTEMPTS = 8;
const BATCH_WRITE_ATTEMPTS = 8;
/** BatchWriteItem's limit of requests a call. */
const MAX_BATCH_WRITE_ITEMS = 25;

export interface BatchTarget {
  client: DynamoDBClient;
  tableName: string;
  concurrency: number;
  feed: MeterFeed;
}

const chunks = <T>(all: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < all.length; i += size) out.push(all.slice(i, i + size));
  return out;
};

export async function batchWriteAll(target: BatchTarget, requests: WriteRequest[]): Promise<void> {
  const { client, tableName, feed } = target;
  await forEachBounded(chunks(requests, MAX_BATCH_WRITE_ITEMS), target.concurrency, async (call) => {
    let pending = call;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt === BATCH_WRITE_ATTEMPTS)
        throw new Error(`BatchWriteItem left ${pending.length} requests unprocessed`);
      if (attempt > 0) await sleep(backoff(attempt));
      const out = await client.send(
        new BatchWriteItemCommand({ RequestItems: { [tableName]: pending }, ReturnConsumedCapacity: 'TOTAL' }),
      );
      const left = out.UnprocessedItems?.[tableName] ?? [];
      feed.wrote(pending.length - left.length, out.ConsumedCapacity);
      pending = left;
    }
  });
}

/** Strongly consistent reads of any number of keys; items found, by keyId. */
export async function batchGetAll(target: BatchTarget, keys: ItemKey[]): Promise<Map<string, Item>> {
  const { client, tableName, feed } = target;
  const found = new Map<string, Item>();
  const unique = [...new Map(keys.map((k) => [keyId(k), k])).values()];
  await forEachBounded(chunks(unique, MAX_BATCH_GET_KEYS), target.concurrency, async (chunk) => {
    let pending: Record<string, AttributeValue>[] = chunk.map((k) => toAttributes({ ...k }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt === BATCH_GET_ATTEMPTS) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed`);
      if (attempt > 0) await sleep(backoff(attempt));
      const out = await client.send(
        new BatchGetItemCommand({
          RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } },
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
      feed.read(out.ConsumedCapacity);
      for (const raw of out.Responses?.[tableName] ?? []) {
        const item = fromAttributes(raw);
        found.set(keyId(item as unknown as ItemKey), item);
      }
      pending = out.UnprocessedKeys?.[tableName]?.Keys ?? [];
    }
  });
  return found;
}
