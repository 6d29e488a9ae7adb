/**
 * The scorer's access to the table: paged queries, batched reads, writes, and a meter of consumed
 * capacity. Every successful write request is counted and reported to `afterWrite` (tests use it to
 * stop a run part-way), and the items it wrote (put, updated or deleted) to `onItemsWritten`'s listeners.
 */
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type AttributeValue,
  type ConsumedCapacity,
  type DynamoDBClient,
  type TransactWriteItem,
  type UpdateItemCommandInput,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { MAX_BATCH_GET_KEYS } from '@pickem/domain/limits';
import type { AccessPattern } from '@pickem/domain/entities/access';
import { keyId, type ItemKey } from '@pickem/domain/entities/table';
import { fromAttributes, toAttributes, type Item } from './attributes.ts';
import { forEachBounded } from './pool.ts';
import { queryAll, queryInput } from './query.ts';

const BATCH_GET_ATTEMPTS = 8;
const BATCH_WRITE_ATTEMPTS = 8;
/** BatchWriteItem's limit of requests a call. */
const MAX_BATCH_WRITE_ITEMS = 25;

export type Key = ItemKey;
/** A write's condition: its expression, with the names and values it refers to. */
type Condition = { expression: string; names: Record<string, string>; values?: Item };

export interface Meter {
  /** As the endpoint reports it (ReturnConsumedCapacity). */
  wcu: number;
  /** Transactions estimated from item sizes (capacity.ts), other writes as reported. */
  wcuEstimate: number;
  rcu: number;
  /** Write requests (a transaction, an UpdateItem, a PutItem, a DeleteItem, a BatchWriteItem call). */
  writes: number;
  /** Items written by them (a transaction's items, a batch's puts). */
  items: number;
}

export interface StoreOptions {
  client: DynamoDBClient;
  tableName: string;
  concurrency: number;
  afterWrite?: (writes: number) => void;
}

export type Store = ReturnType<typeof createStore>;

/** Told of the items every store of this process writes (benchmarks count what a pass writes). */
const itemsWrittenListeners = new Set<(items: number) => void>();

/** Listens to the items written by every store of this process; returns the function that stops it. */
export function onItemsWritten(listener: (items: number) => void): () => void {
  itemsWrittenListeners.add(listener);
  return () => itemsWrittenListeners.delete(listener);
}

export function createStore(opts: StoreOptions) {
  const { client, tableName } = opts;
  const meter: Meter = { wcu: 0, wcuEstimate: 0, rcu: 0, writes: 0, items: 0 };
  const add = (field: 'wcu' | 'rcu', used: ConsumedCapacity | ConsumedCapacity[] | undefined) => {
    for (const c of [used ?? []].flat()) meter[field] += c.CapacityUnits ?? 0;
  };
  /** A write's capacity, counted in both the measured and the estimated WCU. */
  const addWcu = (used: ConsumedCapacity | ConsumedCapacity[] | undefined) => {
    const before = meter.wcu;
    add('wcu', used);
    meter.wcuEstimate += meter.wcu - before;
  };
  /** A condition's parts of a PutItem or DeleteItem request. */
  const conditionOf = (condition: Condition) => ({
    ConditionExpression: condition.expression,
    ExpressionAttributeNames: condition.names,
    ExpressionAttributeValues: condition.values ? toAttributes(condition.values) : undefined,
  });
  const wrote = (items: number) => {
    for (const listener of itemsWrittenListeners) listener(items);
    meter.writes++;
    meter.items += items;
    opts.afterWrite?.(meter.writes);
  };

  const batchWrite = async (requests: WriteRequest[]): Promise<void> => {
    const calls: WriteRequest[][] = [];
    for (let i = 0; i < requests.length; i += MAX_BATCH_WRITE_ITEMS)
      calls.push(requests.slice(i, i + MAX_BATCH_WRITE_ITEMS));
    await forEachBounded(calls, opts.concurrency, async (call) => {
      let pending = call;
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt === BATCH_WRITE_ATTEMPTS)
          throw new Error(`BatchWriteItem left ${pending.length} requests unprocessed`);
        if (attempt > 0) await sleep(backoff(attempt));
        const out = await client.send(
          new BatchWriteItemCommand({ RequestItems: { [tableName]: pending }, ReturnConsumedCapacity: 'TOTAL' }),
        );
        addWcu(out.ConsumedCapacity);
        const left = out.UnprocessedItems?.[tableName] ?? [];
        if (left.length < pending.length) wrote(pending.length - left.length);
        pending = left;
      }
    });
  };

  return {
    tableName,
    meter,
    concurrency: opts.concurrency,
    /** Lets a test stop the run before its first write. */
    startWrites: () => opts.afterWrite?.(0),

    async get(key: Key): Promise<Item | undefined> {
      const out = await client.send(
        new GetItemCommand({
          TableName: tableName,
          Key: toAttributes({ ...key }),
          ConsistentRead: true,
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
      add('rcu', out.ConsumedCapacity);
      return out.Item ? fromAttributes(out.Item) : undefined;
    },

    /** Every page of an access pattern: strongly consistent on the table (an index has no such reads). */
    query(pattern: AccessPattern): Promise<Item[]> {
      const input = queryInput(tableName, pattern, { consistentRead: pattern.index === null ? true : undefined });
      return queryAll(client, { ...input, ReturnConsumedCapacity: 'TOTAL' }, (out) => add('rcu', out.ConsumedCapacity));
    },

    /** Strongly consistent reads of any number of keys; items found, by keyId. */
    async batchGet(keys: Key[]): Promise<Map<string, Item>> {
      const found = new Map<string, Item>();
      const unique = [...new Map(keys.map((k) => [keyId(k), k])).values()];
      const chunks: Key[][] = [];
      for (let i = 0; i < unique.length; i += MAX_BATCH_GET_KEYS) chunks.push(unique.slice(i, i + MAX_BATCH_GET_KEYS));
      await forEachBounded(chunks, opts.concurrency, async (chunk) => {
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
          add('rcu', out.ConsumedCapacity);
          for (const raw of out.Responses?.[tableName] ?? []) {
            const item = fromAttributes(raw);
            found.set(keyId(item as unknown as Key), item);
          }
          pending = out.UnprocessedKeys?.[tableName]?.Keys ?? [];
        }
      });
      return found;
    },

    async transact(items: TransactWriteItem[], wcuEstimate: number): Promise<void> {
      const out = await client.send(
        new TransactWriteItemsCommand({ TransactItems: items, ReturnConsumedCapacity: 'TOTAL' }),
      );
      add('wcu', out.ConsumedCapacity);
      meter.wcuEstimate += wcuEstimate;
      wrote(items.length);
    },

    /**
     * Puts every item with BatchWriteItem (25 a call, `concurrency` calls in flight), sending again
     * what DynamoDB leaves unprocessed, with a growing delay, until all are written.
     */
    /** Puts in BatchWriteItem calls of 25, sending unprocessed items again. */
    batchPut: (items: Item[]) => batchWrite(items.map((item) => ({ PutRequest: { Item: toAttributes(item) } }))),

    /** Deletes in BatchWriteItem calls of 25, sending unprocessed keys again. */
    batchDelete: (keys: Key[]) => batchWrite(keys.map((key) => ({ DeleteRequest: { Key: toAttributes({ ...key }) } }))),

    /** A PutItem on a condition (a ConditionalCheckFailedException when it fails). */
    async put(item: Item, condition: Condition): Promise<void> {
      const out = await client.send(
        new PutItemCommand({
          TableName: tableName,
          Item: toAttributes(item),
          ...conditionOf(condition),
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
      addWcu(out.ConsumedCapacity);
      wrote(1);
    },

    /** A DeleteItem on a condition (a ConditionalCheckFailedException when it fails). */
    async delete(key: Key, condition: Condition) {
      const out = await client.send(
        new DeleteItemCommand({
          TableName: tableName,
          Key: toAttributes({ ...key }),
          ...conditionOf(condition),
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
      addWcu(out.ConsumedCapacity);
      wrote(1);
    },

    /** An UpdateItem; returns the new item when `ReturnValues` asks for it. */
    async update(input: Omit<UpdateItemCommandInput, 'TableName'>): Promise<Item | undefined> {
      const out = await client.send(
        new UpdateItemCommand({ ...input, TableName: tableName, ReturnConsumedCapacity: 'TOTAL' }),
      );
      addWcu(out.ConsumedCapacity);
      wrote(1);
      return out.Attributes ? fromAttributes(out.Attributes) : undefined;
    },
  };
}

export { keyId };

/** True for a failed condition, whether of an UpdateItem or of any item of a transaction. */
export function isConditionFailure(err: unknown): boolean {
  const e = err as { name?: string; CancellationReasons?: { Code?: string }[] };
  if (e?.name === 'ConditionalCheckFailedException' || e?.name === 'TransactionConflictException') return true;
  if (e?.name !== 'TransactionCanceledException') return false;
  return (e.CancellationReasons ?? []).some(
    (r) => r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict',
  );
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function backoff(attempt: number): number {
  return Math.min(1000, 20 * 2 ** attempt) * (0.5 + Math.random() / 2);
}
