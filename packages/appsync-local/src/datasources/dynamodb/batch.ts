/**
 * BatchGetItem, BatchPutItem, BatchDeleteItem, TransactGetItems and TransactWriteItems as AppSync's
 * DynamoDB data source runs them: results in request order, null where nothing came back.
 */
import type { CancellationReason, KeysAndAttributes, TransactWriteItem, WriteRequest } from '@aws-sdk/client-dynamodb';
import { isServiceError, type Wire } from './wire.ts';
import type { DataSourceOutcome } from '../../runtime/types.ts';
import { Expressions, ok, optionalBoolean, requireKey, type OperationEnv } from './request.ts';
import { isRecord } from '../is-record.ts';
import { RequestError, keyIdentity, toPlainItem, toWireMap, type WireItem } from './values.ts';

/** Batch and transaction requests name tables; this data source serves exactly one. */
function checkTable(table: unknown, env: OperationEnv, where: string): string {
  if (typeof table !== 'string' || table === '') throw new RequestError(`${where}: a table name is required`);
  if (table !== env.tableName) {
    throw new RequestError(
      `${where}: table "${table}" is not served by this data source (its table is "${env.tableName}"); use the physical table name`,
      'DynamoDB:ResourceNotFoundException',
    );
  }
  return table;
}

function tablesOf(request: Record<string, unknown>): [string, unknown][] {
  if (!isRecord(request.tables) || Object.keys(request.tables).length === 0) {
    throw new RequestError('"tables" must be an object naming at least one table');
  }
  return Object.entries(request.tables);
}

/** The top-level attribute names a projection expression selects. */
function projectedNames(expression: string, names: unknown): Set<string> {
  const placeholders = isRecord(names) ? names : {};
  const out = new Set<string>();
  for (const path of expression.split(',')) {
    const first = path.trim().split(/[.[]/)[0].trim();
    const resolved = first.startsWith('#') ? placeholders[first] : first;
    if (typeof resolved === 'string') out.add(resolved);
  }
  return out;
}

function itemIdentity(item: WireItem): string {
  return keyIdentity(item, Object.keys(item));
}

export async function batchGetItem(request: Record<string, unknown>, env: OperationEnv): Promise<DataSourceOutcome> {
  const requestItems: Record<string, Wire<KeysAndAttributes>> = {};
  const asked = new Map<string, { keys: WireItem[]; keyNames: string[]; hidden: string[] }>();
  for (const [table, spec] of tablesOf(request)) {
    checkTable(table, env, `tables.${table}`);
    if (!isRecord(spec) || !Array.isArray(spec.keys) || spec.keys.length === 0) {
      throw new RequestError(`tables.${table}.keys must be a non-empty array of keys`);
    }
    const keys = spec.keys.map((k, i) => toWireMap(k, `tables.${table}.keys[${i}]`));
    const keyNames = [...new Set(keys.flatMap((k) => Object.keys(k)))];
    const exprs = new Expressions();
    let projection = exprs.add(spec.projection, `tables.${table}.projection`, { values: false });
    // Key attributes must come back to put each item in its requested place; they are taken out
    // again below unless the projection asked for them.
    let hidden: string[] = [];
    if (projection !== undefined) {
      const named = projectedNames(projection, isRecord(spec.projection) ? spec.projection.expressionNames : undefined);
      hidden = keyNames.filter((name) => !named.has(name));
      const extra = hidden.map((name, i) => {
        exprs.addName(`#appsyncLocalKey${i}`, name);
        return `#appsyncLocalKey${i}`;
      });
      projection = [projection, ...extra].join(', ');
    }
    requestItems[table] = {
      Keys: keys,
      ConsistentRead: optionalBoolean(spec, 'consistentRead'),
      ProjectionExpression: projection,
      ...exprs.attributes(),
    };
    asked.set(table, { keys, keyNames, hidden });
  }
  const out = await env.wire.call('BatchGetItem', { RequestItems: requestItems, ReturnConsumedCapacity: 'TOTAL' });
  env.meter.addCapacity(out.ConsumedCapacity, 'read');
  const data: Record<string, unknown[]> = {};
  const unprocessedKeys: Record<string, unknown[]> = {};
  for (const [table, { keys, keyNames, hidden }] of asked) {
    const found = new Map<string, WireItem>();
    for (const item of out.Responses?.[table] ?? []) found.set(keyIdentity(item, keyNames), item);
    data[table] = keys.map((k) => {
      const item = found.get(keyIdentity(k, keyNames));
      if (!item) return null;
      const plain = toPlainItem(item);
      for (const name of hidden) delete plain[name];
      return plain;
    });
    unprocessedKeys[table] = (out.UnprocessedKeys?.[table]?.Keys ?? []).map(toPlainItem);
    env.meter.addItems(found.size, found.size);
  }
  return ok({ data, unprocessedKeys });
}

async function batchWrite(
  request: Record<string, unknown>,
  env: OperationEnv,
  kind: 'put' | 'delete',
): Promise<DataSourceOutcome> {
  const requestItems: Record<string, Wire<WriteRequest>[]> = {};
  const asked = new Map<string, WireItem[]>();
  for (const [table, entries] of tablesOf(request)) {
    checkTable(table, env, `tables.${table}`);
    if (!Array.isArray(entries) || entries.length === 0) {
      throw new RequestError(`tables.${table} must be a non-empty array of ${kind === 'put' ? 'items' : 'keys'}`);
    }
    const sdk = entries.map((e, i) => toWireMap(e, `tables.${table}[${i}]`));
    requestItems[table] = sdk.map((e) =>
      kind === 'put' ? { PutRequest: { Item: e } } : { DeleteRequest: { Key: e } },
    );
    asked.set(table, sdk);
  }
  const out = await env.wire.call('BatchWriteItem', { RequestItems: requestItems, ReturnConsumedCapacity: 'TOTAL' });
  env.meter.addCapacity(out.ConsumedCapacity, 'write');
  const data: Record<string, unknown[]> = {};
  const unprocessed: Record<string, unknown[]> = {};
  for (const [table, entries] of asked) {
    const left = (out.UnprocessedItems?.[table] ?? []).map((w) =>
      kind === 'put' ? w.PutRequest?.Item : w.DeleteRequest?.Key,
    );
    const leftIds = new Set(left.filter((e): e is WireItem => e !== undefined).map(itemIdentity));
    data[table] = entries.map((e) => (leftIds.has(itemIdentity(e)) ? null : toPlainItem(e)));
    unprocessed[table] = left.filter((e): e is WireItem => e !== undefined).map(toPlainItem);
  }
  return ok(kind === 'put' ? { data, unprocessedItems: unprocessed } : { data, unprocessedKeys: unprocessed });
}

export const batchPutItem = (request: Record<string, unknown>, env: OperationEnv) => batchWrite(request, env, 'put');
export const batchDeleteItem = (request: Record<string, unknown>, env: OperationEnv) =>
  batchWrite(request, env, 'delete');

function transactItemsOf(request: Record<string, unknown>): Record<string, unknown>[] {
  const items = request.transactItems;
  if (!Array.isArray(items) || items.length === 0) throw new RequestError('"transactItems" must be a non-empty array');
  return items.map((item, i) => {
    if (!isRecord(item)) throw new RequestError(`transactItems[${i}] must be an object`);
    return item;
  });
}

/** AppSync's form of DynamoDB's cancellation reasons: `{ type, message, item? }` per request item. */
function cancellationReasons(reasons: Wire<CancellationReason>[] | undefined) {
  return (reasons ?? []).map((r) => ({
    ...(r.Item ? { item: toPlainItem(r.Item) } : {}),
    type: r.Code ?? 'None',
    message: r.Message ?? r.Code ?? 'None',
  }));
}

function cancelled(err: unknown, resultField: 'items' | 'keys'): DataSourceOutcome | undefined {
  if (!isServiceError(err, 'TransactionCanceledException')) return undefined;
  return {
    result: { [resultField]: null, cancellationReasons: cancellationReasons(err.CancellationReasons) },
    error: { type: 'DynamoDB:TransactionCanceledException', message: err.message },
  };
}

export async function transactGetItems(
  request: Record<string, unknown>,
  env: OperationEnv,
): Promise<DataSourceOutcome> {
  const gets = transactItemsOf(request).map((item, i) => {
    const where = `transactItems[${i}]`;
    const exprs = new Expressions();
    const projection = exprs.add(item.projection, `${where}.projection`, { values: false });
    return {
      Get: {
        TableName: checkTable(item.table, env, where),
        Key: requireKey(item),
        ProjectionExpression: projection,
        ...exprs.attributes(),
      },
    };
  });
  try {
    const out = await env.wire.call('TransactGetItems', { TransactItems: gets, ReturnConsumedCapacity: 'TOTAL' });
    env.meter.addCapacity(out.ConsumedCapacity, 'read');
    const items = (out.Responses ?? []).map((r) => (r.Item ? toPlainItem(r.Item) : null));
    const found = items.filter((i) => i !== null).length;
    env.meter.addItems(found, found);
    return ok({ items, cancellationReasons: null });
  } catch (err) {
    const outcome = cancelled(err, 'items');
    if (outcome) return outcome;
    throw err;
  }
}

const WRITE_OPERATIONS = ['PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheck'];

function transactWrite(item: Record<string, unknown>, i: number, env: OperationEnv): Wire<TransactWriteItem> {
  const where = `transactItems[${i}]`;
  const TableName = checkTable(item.table, env, where);
  const Key = requireKey(item);
  const operation = item.operation;
  if (typeof operation !== 'string' || !WRITE_OPERATIONS.includes(operation)) {
    throw new RequestError(`${where}.operation must be one of ${WRITE_OPERATIONS.join(', ')}`);
  }
  const exprs = new Expressions();
  const update =
    operation === 'UpdateItem'
      ? exprs.add(item.update, `${where}.update`, { values: true, required: true })
      : undefined;
  const condition = exprs.add(item.condition, `${where}.condition`, {
    values: true,
    required: operation === 'ConditionCheck',
  });
  // AppSync returns the item that failed a condition unless told not to.
  const returnOld =
    isRecord(item.condition) && item.condition.returnValuesOnConditionCheckFailure === false ? undefined : 'ALL_OLD';
  const common = {
    TableName,
    ConditionExpression: condition,
    ...exprs.attributes(),
    ReturnValuesOnConditionCheckFailure: condition ? returnOld : undefined,
  } as const;
  switch (operation) {
    case 'PutItem': {
      const values =
        item.attributeValues === undefined || item.attributeValues === null
          ? {}
          : toWireMap(item.attributeValues, `${where}.attributeValues`);
      return { Put: { ...common, Item: { ...values, ...Key } } };
    }
    case 'UpdateItem':
      return { Update: { ...common, Key, UpdateExpression: update as string } };
    case 'DeleteItem':
      return { Delete: { ...common, Key } };
    default:
      return { ConditionCheck: { ...common, Key, ConditionExpression: condition as string } };
  }
}

export async function transactWriteItems(
  request: Record<string, unknown>,
  env: OperationEnv,
): Promise<DataSourceOutcome> {
  const items = transactItemsOf(request);
  const writes = items.map((item, i) => transactWrite(item, i, env));
  try {
    const out = await env.wire.call('TransactWriteItems', { TransactItems: writes, ReturnConsumedCapacity: 'TOTAL' });
    env.meter.addCapacity(out.ConsumedCapacity, 'write');
    return ok({ keys: items.map((item) => toPlainItem(requireKey(item))), cancellationReasons: null });
  } catch (err) {
    const outcome = cancelled(err, 'keys');
    if (outcome) return outcome;
    throw err;
  }
}
