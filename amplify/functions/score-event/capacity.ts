/**
 * Capacity units DynamoDB would charge, computed from item sizes (DynamoDB Local's ConsumedCapacity
 * for TransactWriteItems is not summed per item, and says nothing of partitions). Rules: a write costs
 * 1 WCU per started KB of the larger of the item's before and after images, 2 in a transaction; each
 * GSI the item is in costs 1 WCU per started KB, and a changed index key is a delete of the old entry
 * plus a put of the new one. A read costs 1 RCU per started 4 KB (a Query sums its items' sizes
 * first), half when eventually consistent, double in a transaction. Every charge is on one partition
 * key value, of the table or of the index: the unit of DynamoDB's per-partition limits.
 */
import { TABLE } from '@pickem/domain/entities/table';
import type { Item } from './attributes.ts';

export function valueSize(v: unknown): number {
  if (v === null || v === undefined || typeof v === 'boolean') return 1;
  if (typeof v === 'string') return Buffer.byteLength(v, 'utf8');
  if (typeof v === 'number') return Math.ceil(String(Math.abs(v)).replace(/^0\.|\./, '').length / 2) + 1;
  if (Array.isArray(v)) return 3 + v.reduce((n: number, e) => n + 1 + valueSize(e), 0);
  return 3 + Object.entries(v as Item).reduce((n, [k, e]) => n + 1 + Buffer.byteLength(k, 'utf8') + valueSize(e), 0);
}

export function itemSize(item: Item): number {
  return Object.entries(item).reduce((n, [k, v]) => n + Buffer.byteLength(k, 'utf8') + valueSize(v), 0);
}

const kb = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

/** Units charged to one partition key value: `table:<partition key>` or `index:<GSI partition key>`. */
export interface Charge {
  partition: string;
  units: number;
}

export const tablePartition = (pk: unknown) => `table:${String(pk)}`;
export const indexPartition = (gsiPk: unknown) => `index:${String(gsiPk)}`;

const indexed = (i: Item | undefined) =>
  i !== undefined && i[TABLE.gsiPk] !== undefined && i[TABLE.gsiSk] !== undefined;

/**
 * The WCU of one item written (`after` undefined: deleted) to a table with one ALL-projection GSI,
 * per partition key value.
 */
export function writeCharges(before: Item | undefined, after: Item | undefined, transactional: boolean): Charge[] {
  const image = after ?? before;
  if (!image) return [];
  const size = Math.max(before ? itemSize(before) : 0, after ? itemSize(after) : 0);
  const charges: Charge[] = [{ partition: tablePartition(image[TABLE.pk]), units: (transactional ? 2 : 1) * kb(size) }];
  const was = indexed(before) ? before! : undefined;
  const is = indexed(after) ? after! : undefined;
  if (was && is && was[TABLE.gsiPk] === is[TABLE.gsiPk] && was[TABLE.gsiSk] === is[TABLE.gsiSk]) {
    charges.push({ partition: indexPartition(is[TABLE.gsiPk]), units: kb(itemSize(is)) });
  } else {
    if (was) charges.push({ partition: indexPartition(was[TABLE.gsiPk]), units: kb(itemSize(was)) });
    if (is) charges.push({ partition: indexPartition(is[TABLE.gsiPk]), units: kb(itemSize(is)) });
  }
  return charges;
}

/** RCU of one read returning `bytes` (a GetItem's item, or the sum of a Query page's items). */
export function readUnits(bytes: number, read: { consistent: boolean; transactional?: boolean }): number {
  const units = Math.max(1, Math.ceil(bytes / 4096));
  return read.transactional ? 2 * units : read.consistent ? units : units / 2;
}

/** Estimated WCU of one item written in a transaction (`set` applied over `before`). */
export function transactionalWriteUnits(before: Item | undefined, set: Item): number {
  return writeCharges(before, { ...before, ...set }, true).reduce((n, c) => n + c.units, 0);
}

/** Estimated WCU of a transaction's ConditionCheck: charged as a transactional write of the item as stored (absent: the minimum). */
export function conditionCheckUnits(item: Item | undefined): number {
  return 2 * kb(item ? itemSize(item) : 0);
}
