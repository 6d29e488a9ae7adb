/**
 * What a store consumed and wrote: capacity as DynamoDB reports it (ReturnConsumedCapacity), write
 * requests and their items. Every successful write request is reported to the store's `afterWrite`
 * (tests use it to stop a run part-way), and its items to `onItemsWritten`'s listeners.
 */
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';

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

export type Consumed = ConsumedCapacity | ConsumedCapacity[] | undefined;

/** Told of the items every store of this process writes (benchmarks count what a pass writes). */
const itemsWrittenListeners = new Set<(items: number) => void>();

/** Listens to the items written by every store of this process; returns the function that stops it. */
export function onItemsWritten(listener: (items: number) => void): () => void {
  itemsWrittenListeners.add(listener);
  return () => itemsWrittenListeners.delete(listener);
}

const units = (used: Consumed) => [used ?? []].flat().reduce((n, c) => n + (c.CapacityUnits ?? 0), 0);

export function createMeter(afterWrite?: (writes: number) => void) {
  const meter: Meter = { wcu: 0, wcuEstimate: 0, rcu: 0, writes: 0, items: 0 };
  const counted = (items: number) => {
    if (items === 0) return;
    for (const listener of itemsWrittenListeners) listener(items);
    meter.writes++;
    meter.items += items;
    afterWrite?.(meter.writes);
  };
  return {
    meter,
    read: (used: Consumed) => {
      meter.rcu += units(used);
    },
    /** A write request that wrote `items` (0: none of a batch call's), its capacity measured and estimated alike. */
    wrote: (items: number, used: Consumed) => {
      const wcu = units(used);
      meter.wcu += wcu;
      meter.wcuEstimate += wcu;
      counted(items);
    },
    /** A transaction: its capacity as measured, and as capacity.ts estimates it from the items' sizes. */
    transacted: (items: number, used: Consumed, wcuEstimate: number) => {
      meter.wcu += units(used);
      meter.wcuEstimate += wcuEstimate;
      counted(items);
    },
  };
}

export type MeterFeed = ReturnType<typeof createMeter>;
