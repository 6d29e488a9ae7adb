/**
 * Write capacity a transaction would consume on DynamoDB, estimated from item sizes (DynamoDB Local's
 * ConsumedCapacity for TransactWriteItems is not summed per item, so it cannot be used to compare
 * batch sizes). Rules: a transactional write costs 2 WCU per started KB of the larger of the item's
 * before and after images; each affected GSI costs 1 WCU per started KB, 2 when the item's index key
 * changes (delete + put).
 */
import { TABLE } from '../../../resolvers/lib/entities/table.ts';
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

/** Estimated WCU of one item written in a transaction to a table with one ALL-projection GSI. */
export function transactionalWriteUnits(before: Item | undefined, set: Item): number {
  const after = { ...before, ...set };
  const size = Math.max(before ? itemSize(before) : 0, itemSize(after));
  const indexed = (i: Item | undefined) => i !== undefined && i[TABLE.gsiPk] !== undefined && i[TABLE.gsiSk] !== undefined;
  let units = 2 * kb(size);
  if (indexed(after) || indexed(before)) {
    const keyChanged = indexed(before) && indexed(after) && (before![TABLE.gsiPk] !== after[TABLE.gsiPk] || before![TABLE.gsiSk] !== after[TABLE.gsiSk]);
    units += (keyChanged ? 2 : 1) * kb(itemSize(after));
  }
  return units;
}
