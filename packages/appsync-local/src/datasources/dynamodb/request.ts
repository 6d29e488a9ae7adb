/** Pieces shared by the DynamoDB operations: their environment, capacity metering, request readers. */
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import type { DynamoDbWire } from './wire.ts';
import type { DataSourceOutcome } from '../../runtime/types.ts';
import { isRecord } from '../is-record.ts';
import { RequestError, toWireMap, toWireValue, type WireItem } from './values.ts';

export interface OperationEnv {
  wire: DynamoDbWire;
  tableName: string;
  tokenKey: Buffer;
  meter: Meter;
}

export type Operation = (request: Record<string, unknown>, env: OperationEnv) => Promise<DataSourceOutcome>;

/** Capacity and item counts of one data-source call (possibly several DynamoDB requests). */
export class Meter {
  consumedRcu = 0;
  consumedWcu = 0;
  itemsRead = 0;
  itemsReturned = 0;

  addCapacity(consumed: ConsumedCapacity | ConsumedCapacity[] | undefined, kind: 'read' | 'write'): void {
    const list = consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed];
    for (const c of list) {
      if (c.ReadCapacityUnits !== undefined || c.WriteCapacityUnits !== undefined) {
        this.consumedRcu += c.ReadCapacityUnits ?? 0;
        this.consumedWcu += c.WriteCapacityUnits ?? 0;
      } else if (kind === 'read') {
        this.consumedRcu += c.CapacityUnits ?? 0;
      } else {
        this.consumedWcu += c.CapacityUnits ?? 0;
      }
    }
  }

  addItems(read: number, returned: number): void {
    this.itemsRead += read;
    this.itemsReturned += returned;
  }
}

export function ok(result: unknown): DataSourceOutcome {
  return { result, error: null };
}

export function requireKey(request: Record<string, unknown>, field = 'key'): WireItem {
  if (request[field] === undefined || request[field] === null) throw new RequestError(`"${field}" is required`);
  return toWireMap(request[field], field);
}

export function optionalBoolean(request: Record<string, unknown>, field: string): boolean | undefined {
  const v = request[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw new RequestError(`"${field}" must be a boolean`);
  return v;
}

export function optionalInteger(request: Record<string, unknown>, field: string): number | undefined {
  const v = request[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new RequestError(`"${field}" must be an integer`);
  return v;
}

export function optionalString(request: Record<string, unknown>, field: string): string | undefined {
  const v = request[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new RequestError(`"${field}" must be a string`);
  return v;
}

/**
 * Collects the expressions of one DynamoDB request (key condition, filter, update, condition,
 * projection) and merges their placeholder names and values, as DynamoDB takes one set per request.
 * Like AppSync, it refuses a placeholder defined by two sections, even with the same value: a silent
 * merge once let one section's value replace the other's (aws-appsync-community issue #162).
 */
export class Expressions {
  private readonly names: Record<string, string> = {};
  private readonly values: WireItem = {};
  /** The section that defined each placeholder, by map: `#x` in names, `:x` in values. */
  private readonly definedIn = { names: new Map<string, string>(), values: new Map<string, string>() };

  private define(map: 'names' | 'values', placeholder: string, where: string): void {
    const first = this.definedIn[map].get(placeholder);
    if (first !== undefined) {
      throw new RequestError(
        `expression placeholder ${placeholder} is defined in both "${first}" and "${where}" ` +
          '(duplicates are not allowed, even with the same value: give each section its own placeholder)',
      );
    }
    this.definedIn[map].set(placeholder, where);
  }

  /** The expression text of `section`, or undefined when the section is absent. */
  add(section: unknown, where: string, opts: { values: boolean; required?: boolean }): string | undefined {
    if (section === undefined || section === null) {
      if (opts.required) throw new RequestError(`"${where}" is required`);
      return undefined;
    }
    if (!isRecord(section)) throw new RequestError(`"${where}" must be an object with an "expression"`);
    const expression = section.expression;
    if (typeof expression !== 'string' || expression.trim() === '') {
      throw new RequestError(`"${where}.expression" must be a non-empty string`);
    }
    if (section.expressionNames !== undefined && section.expressionNames !== null) {
      if (!isRecord(section.expressionNames)) throw new RequestError(`"${where}.expressionNames" must be an object`);
      for (const [placeholder, name] of Object.entries(section.expressionNames)) {
        if (typeof name !== 'string')
          throw new RequestError(`"${where}.expressionNames.${placeholder}" must be a string`);
        this.define('names', placeholder, where);
        this.names[placeholder] = name;
      }
    }
    if (opts.values && section.expressionValues !== undefined && section.expressionValues !== null) {
      if (!isRecord(section.expressionValues)) throw new RequestError(`"${where}.expressionValues" must be an object`);
      for (const [placeholder, value] of Object.entries(section.expressionValues)) {
        const sdk = toWireValue(value, `${where}.expressionValues.${placeholder}`);
        this.define('values', placeholder, where);
        this.values[placeholder] = sdk;
      }
    }
    return expression;
  }

  /** Adds a placeholder of its own (one a request cannot be using) for attribute `name`. */
  addName(placeholder: string, name: string): void {
    this.names[placeholder] = name;
  }

  /** ExpressionAttributeNames/Values, omitted when empty (DynamoDB rejects empty maps). */
  attributes(): { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: WireItem } {
    return {
      ...(Object.keys(this.names).length > 0 ? { ExpressionAttributeNames: { ...this.names } } : {}),
      ...(Object.keys(this.values).length > 0 ? { ExpressionAttributeValues: { ...this.values } } : {}),
    };
  }
}
