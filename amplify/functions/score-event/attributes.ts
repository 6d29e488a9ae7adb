/**
 * Plain items to DynamoDB AttributeValues and back: the AWS SDK's converters (marshall with
 * removeUndefinedValues, unmarshall), with a faster path for plain data (strings, safe numbers,
 * booleans, null, arrays and plain objects) that gives the same values. Anything else (a Set, binary,
 * a bigint, a class instance, a number the SDK refuses or turns into a bigint) takes the SDK's path,
 * with its values and its errors. A live pass converts every board row twice (docs/benchmarks.md,
 * "Where a live pass's time goes"): the SDK's generic checks cost more than the rows' own scoring.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';

export type Item = Record<string, unknown>;

/** Thrown inside the fast path for a value it does not handle: the SDK converts the whole item instead. */
const NOT_PLAIN = Symbol('not plain');

const safe = (n: number) => n <= Number.MAX_SAFE_INTEGER && n >= Number.MIN_SAFE_INTEGER;

function plainMap(value: object): Record<string, AttributeValue> {
  const proto = Object.getPrototypeOf(value);
  // The SDK maps what its constructor's name calls an Object (an own `constructor` key hides it).
  if ((proto !== Object.prototype && proto !== null) || Object.hasOwn(value, 'constructor')) throw NOT_PLAIN;
  const out: Record<string, AttributeValue> = {};
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined && typeof v !== 'function') out[key] = toAttr(v);
  }
  return out;
}

function toAttr(value: unknown): AttributeValue {
  switch (typeof value) {
    case 'string':
      return { S: value };
    case 'number':
      if (Number.isFinite(value) && safe(value)) return { N: String(value) };
      throw NOT_PLAIN;
    case 'boolean':
      return { BOOL: value };
    case 'object': {
      if (value === null) return { NULL: true };
      if (Array.isArray(value)) {
        const list: AttributeValue[] = [];
        for (const v of value) if (v !== undefined && typeof v !== 'function') list.push(toAttr(v));
        return { L: list };
      }
      return { M: plainMap(value) };
    }
    default:
      throw NOT_PLAIN;
  }
}

function toNative(attr: AttributeValue): unknown {
  if (attr.S !== undefined) return attr.S;
  if (attr.N !== undefined) {
    const n = Number(attr.N);
    if (safe(n)) return n;
    throw NOT_PLAIN;
  }
  if (attr.L !== undefined) {
    const list: unknown[] = new Array(attr.L.length);
    for (let i = 0; i < attr.L.length; i++) list[i] = toNative(attr.L[i]);
    return list;
  }
  if (attr.M !== undefined) return toNativeMap(attr.M);
  if (attr.NULL !== undefined) return null;
  if (attr.BOOL !== undefined) return Boolean(attr.BOOL);
  throw NOT_PLAIN;
}

function toNativeMap(map: Record<string, AttributeValue>): Item {
  const out: Item = {};
  for (const key of Object.keys(map)) out[key] = toNative(map[key]);
  return out;
}

export function toAttributes(item: Item): Record<string, AttributeValue> {
  try {
    return plainMap(item);
  } catch (err) {
    if (err !== NOT_PLAIN) throw err;
    return marshall(item, { removeUndefinedValues: true });
  }
}

export function fromAttributes(item: Record<string, AttributeValue>): Item {
  try {
    return toNativeMap(item);
  } catch (err) {
    if (err !== NOT_PLAIN) throw err;
    return unmarshall(item);
  }
}
