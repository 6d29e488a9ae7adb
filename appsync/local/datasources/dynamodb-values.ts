/**
 * Conversions between AppSync's typed DynamoDB values (`{ N: 5 }`, numbers as JSON numbers, binary as
 * base64), the SDK's AttributeValue (numbers as strings, binary as bytes) and plain JSON (`ctx.result`).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { isRecord } from './is-record.ts';

export type SdkItem = Record<string, AttributeValue>;

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

function bytes(value: unknown, where: string): Uint8Array {
  if (typeof value !== 'string') throw new RequestError(`${where}: "B" must hold a base64 string`);
  return new Uint8Array(Buffer.from(value, 'base64'));
}

function list(value: unknown, where: string, type: string): unknown[] {
  if (!Array.isArray(value)) throw new RequestError(`${where}: "${type}" must hold an array`);
  return value;
}

/** One typed value (`{ S: "x" }`, `{ N: 1 }`, ...) to the SDK's AttributeValue. */
export function toSdkValue(value: unknown, where: string): AttributeValue {
  if (!isRecord(value)) {
    throw new RequestError(`${where}: expected a DynamoDB typed value such as {"S": "..."}, got ${JSON.stringify(value)}`);
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
      return { L: list(v, where, 'L').map((e, i) => toSdkValue(e, `${where}[${i}]`)) };
    case 'M':
      if (!isRecord(v)) throw new RequestError(`${where}: "M" must hold an object`);
      return { M: toSdkMap(v, where) };
    case 'SS':
      return { SS: list(v, where, 'SS').map((e) => (typeof e === 'string' ? e : String(e))) };
    case 'NS':
      return { NS: list(v, where, 'NS').map((e) => numberText(e, where)) };
    case 'BS':
      return { BS: list(v, where, 'BS').map((e) => bytes(e, where)) };
  }
}

/** A map of typed values (a key, attributeValues, expressionValues) to SDK form. */
export function toSdkMap(map: unknown, where: string): SdkItem {
  if (!isRecord(map)) throw new RequestError(`${where} must be an object of DynamoDB typed values`);
  const out: SdkItem = {};
  for (const [name, value] of Object.entries(map)) out[name] = toSdkValue(value, `${where}.${name}`);
  return out;
}

/** An SDK value to plain JSON, as AppSync gives it in `ctx.result` (sets become arrays). */
export function toPlain(value: AttributeValue): unknown {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.NULL !== undefined) return null;
  if (value.B !== undefined) return Buffer.from(value.B).toString('base64');
  if (value.L !== undefined) return value.L.map(toPlain);
  if (value.M !== undefined) return toPlainItem(value.M);
  if (value.SS !== undefined) return [...value.SS];
  if (value.NS !== undefined) return value.NS.map(Number);
  if (value.BS !== undefined) return value.BS.map((b) => Buffer.from(b).toString('base64'));
  return null;
}

export function toPlainItem(item: SdkItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) out[name] = toPlain(value);
  return out;
}

/** An SDK value to typed JSON that survives JSON.stringify (used inside pagination tokens). */
export function toTyped(value: AttributeValue): unknown {
  if (value.B !== undefined) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS !== undefined) return { BS: value.BS.map((b) => Buffer.from(b).toString('base64')) };
  if (value.L !== undefined) return { L: value.L.map(toTyped) };
  if (value.M !== undefined) return { M: toTypedItem(value.M) };
  return value;
}

export function toTypedItem(item: SdkItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) out[name] = toTyped(value);
  return out;
}

/** A stable identity for a primary key, to match batch results to requested keys. */
export function keyIdentity(item: SdkItem, attributeNames: string[]): string {
  return JSON.stringify([...attributeNames].sort().map((name) => [name, item[name] ? toTyped(item[name]) : null]));
}
