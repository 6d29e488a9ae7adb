/**
 * The scorer's access to the table: paged queries, batched reads, writes, and their meter (meter.ts).
 */
import {
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type DynamoDBClient,
  type TransactWriteItem,
  type UpdateItemCommandInput,
} from '@aws-sdk/client-dynamodb';
import type { AccessPattern } from '@pickem/domain/entities/access';
import { keyId, type ItemKey } from '@pickem/domain/entities/table';
import { fromAttributes, toAttributes, type Item } from './attributes.ts';
import { batchGetAll, batchWriteAll } from './batch.ts';
import { createMeter } from './meter.ts';
import { queryAll, queryInput } from './query.ts';

export type Key = ItemKey;
/** A write's condition: its expression, with the names and values it refers to. */
type Condition = { expression: string; names: Record<string, string>; values?: Item };

export interface StoreOptions {
  client: DynamoDBClient;
  tableName: string;
  concurrency: number;
  afterWrite?: (writes: number) => void;
}

export type Store = ReturnType<typeof createStore>;

export function createStore(opts: StoreOptions) {
  const { client, tableName } = opts;
  const feed = createMeter(opts.afterWrite);
  const batch = { client, tableName, concurrency: opts.concurrency, feed };
  /** A condition's parts of a PutItem or DeleteItem request. */
  const conditionOf = (condition: Condition) => ({
    ConditionExpression: condition.expression,
    ExpressionAttributeNames: condition.names,
    ExpressionAttributeValues: condition.values ? toAttributes(condition.values) : undefined,
  });

  return {
    tableName,
    meter: feed.meter,
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
      feed.read(out.ConsumedCapacity);
      return out.Item ? fromAttributes(out.Item) : undefined;
    },

    /** Every page of an access pattern: strongly consistent on the table (an index has no such reads). */
    query(pattern: AccessPattern): Promise<Item[]> {
      const input = queryInput(tableName, pattern, { consistentRead: pattern.index === null ? true : undefined });
      return queryAll(client, { ...input, ReturnConsumedCapacity: 'TOTAL' }, (out) => feed.read(out.ConsumedCapacity));
    },

    /** Strongly consistent reads of any number of keys; items found, by keyId. */
    batchGet: (keys: Key[]): Promise<Map<string, Item>> => batchGetAll(batch, keys),

    async transact(items: TransactWriteItem[], wcuEstimate: number): Promise<void> {
      const out = await client.send(
        new TransactWriteItemsCommand({ TransactItems: items, ReturnConsumedCapacity: 'TOTAL' }),
      );
      feed.transacted(items.length, out.ConsumedCapacity, wcuEstimate);
    },

    /** Puts in BatchWriteItem calls of 25, sending unprocessed items again. */
    batchPut: (items: Item[]) =>
      batchWriteAll(
        batch,
        items.map((item) => ({ PutRequest: { Item: toAttributes(item) } })),
      ),

    /** Deletes in BatchWriteItem calls of 25, sending unprocessed keys again. */
    batchDelete: (keys: Key[]) =>
      batchWriteAll(
        batch,
        keys.map((key) => ({ DeleteRequest: { Key: toAttributes({ ...key }) } })),
      ),

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
      feed.wrote(1, out.ConsumedCapacity);
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
      feed.wrote(1, out.ConsumedCapacity);
    },

    /** An UpdateItem; returns the new item when `ReturnValues` asks for it. */
    async update(input: Omit<UpdateItemCommandInput, 'TableName'>): Promise<Item | undefined> {
      const out = await client.send(
        new UpdateItemCommand({ ...input, TableName: tableName, ReturnConsumedCapacity: 'TOTAL' }),
      );
      feed.wrote(1, out.ConsumedCapacity);
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
