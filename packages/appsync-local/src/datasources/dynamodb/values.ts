/**
 * Conversions between AppSync's typed DynamoDB values (`{ N: 5 }`, numbers as JSON numbers, binary as
 * base64), DynamoDB's wire form (numbers as strings, binary as base64) and plain JSON (`ctx.result`).
 */
import type { AttributeValue as SdkAttributeValue } from '@aws-sdk/client-dynamodb';
import type { Wire } from './wire.ts';
import { isRecord } from '../is-record.ts';

export type AttributeValue = Wire<SdkAttributeValue>;
export type WireItem = Record<string, AttributeValue>;

/** A problem in the request object itself (AppSync reports these as errorType "MappingTemplate"). */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly type = 'MappingTemplate',
  ) {
    super(message);
  }
}

const TYPES = ['S', 'N', 'B', 'BOOL', 'NULL', 'L', 'M', 'SS', 'NS', 'BS'] as const;

function numberText(value: unknown, where: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return value;
  throw new RequestError(`${where}: "N" must hold a number, got ${JSON.stringify(value)}`);
}

/** Base64 as DynamoDB expects it (Buffer's decoder skips what is not base64, as the SDK's did). */
function bytes(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new RequestError(`${where}: "B" must hold a base64 string`);
  return Buffer.from(value, 'base64').toString('base64');
}

function list(value: unknown, where: string, type: string): unknown[] {
  if (!Array.isArray(value)) throw new RequestError(`${where}: "${type}" must hold an array`);
  return value;
}

/** One typed value (`{ S: "x" }`, `{ N: 1 }`, ...) to DynamoDB's wire form. */
export function toWireValue(value: unknown, where: string): AttributeValue {
  if (!isRecord(value)) {
    throw new RequestError(
      `${where}: expected a DynamoDB typed value such as {"S": "..."}, got ${JSON.stringify(value)}`,
    );
  }
  const keys = Object.keys(value);
  const type = keys[0] as (typeof TYPES)[number];
  if (keys.length !== 1 || !TYPES.includes(type)) {
    throw new RequestError(
      `${where}: expected a DynamoDB typed value with exactly one of ${TYPES.join(', ')}, got ${JSON.stringify(value)}`,
    );
  }
  const v = value[type];
  switch (type) {
    case 'S':
      if (typeof v !== 'string') throw new RequestError(`${where}: "S" must hold a string`);
      return { S: v };
    case 'N':
      return { N: numberText(v, where) };
    case 'B':
      return { B: bytes(v, where) };
    case 'BOOL':
      if (typeof v !== 'boolean') throw new RequestError(`${where}: "BOOL" must hold a boolean`);
      return { BOOL: v };
    case 'NULL':
      return { NULL: true };
    case 'L':
      return { L: list(v, where, 'L').map((e, i) => toWireValue(e, `${where}[${i}]`)) };
    case 'M':
      if (!isRecord(v)) throw new RequestError(`${where}: "M" must hold an object`);
      return { M: toWireMap(v, where) };
    case 'SS':
      return { SS: list(v, where, 'SS').map((e) => (typeof e === 'string' ? e : String(e))) };
    case 'NS':
      return { NS: list(v, where, 'NS').map((e) => numberText(e, where)) };
    case 'BS':
      return { BS: list(v, where, 'BS').map((e) => bytes(e, where)) };
  }
}

/** A map of typed values (a key, attributeValues, expressionValues) to wire form. */
export function toWireMap(map: unknown, where: string): WireItem {
  if (!isRecord(map)) throw new RequestError(`${where} must be an object of DynamoDB typed values`);
  const out: WireItem = {};
  for (const [name, value] of Object.entries(map)) out[name] = toWireValue(value, `${where}.${name}`);
  return out;
}

/** A wire value to plain JSON, as AppSync gives it in `ctx.result` (sets become arrays). */
export function toPlain(value: AttributeValue): unknown {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.NULL !== undefined) return null;
  if (value.B !== undefined) return value.B;
  if (value.L !== undefined) return value.L.map(toPlain);
  if (value.M !== undefined) return toPlainItem(value.M);
  if (value.SS !== undefined) return [...value.SS];
  if (value.NS !== undefined) return value.NS.map(Number);
  if (value.BS !== undefined) return [...value.BS];
  return null;
}

export function toPlainItem(item: WireItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) out[name] = toPlain(value);
  return out;
}

/** A stable identity for a primary key, to match batch results to requested keys. */
export function keyIdentity(item: WireItem, attributeNames: string[]): string {
  return JSON.stringify([...attributeNames].sort().map((name) => [name, item[name] ?? null]));
}
