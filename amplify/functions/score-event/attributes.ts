/** Plain values to DynamoDB AttributeValues and back (the subset the Pick'Em items use). */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';

export type Item = Record<string, unknown>;

export function toAttribute(value: unknown): AttributeValue {
  if (value === null || value === undefined) return { NULL: true };
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot store the number ${value}`);
    return { N: String(value) };
  }
  if (typeof value === 'boolean') return { BOOL: value };
  if (Array.isArray(value)) return { L: value.map(toAttribute) };
  if (typeof value === 'object') return { M: toAttributes(value as Item) };
  throw new Error(`Cannot store a value of type ${typeof value}`);
}

export function toAttributes(item: Item): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [k, v] of Object.entries(item)) if (v !== undefined) out[k] = toAttribute(v);
  return out;
}

export function fromAttribute(value: AttributeValue): unknown {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.NULL !== undefined) return null;
  if (value.L !== undefined) return value.L.map(fromAttribute);
  if (value.M !== undefined) return fromAttributes(value.M);
  if (value.SS !== undefined) return [...value.SS];
  if (value.NS !== undefined) return value.NS.map(Number);
  throw new Error(`Unsupported attribute value: ${JSON.stringify(value)}`);
}

export function fromAttributes(item: Record<string, AttributeValue>): Item {
  const out: Item = {};
  for (const [k, v] of Object.entries(item)) out[k] = fromAttribute(v);
  return out;
}
