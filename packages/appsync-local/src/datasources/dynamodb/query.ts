/** Query and Scan: `{ items, nextToken, scannedCount }` with opaque, encrypted pagination tokens. */
import type { Select } from '@aws-sdk/client-dynamodb';
import { Expressions, ok, optionalBoolean, optionalInteger, optionalString, type OperationEnv } from './request.ts';
import { RequestError, toPlainItem, type WireItem } from './values.ts';
import { decodeNextToken, encodeNextToken, scopeOf } from './next-token.ts';

const SELECTS = ['ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES', 'SPECIFIC_ATTRIBUTES', 'COUNT'];

function readSelect(request: Record<string, unknown>): Select | undefined {
  const select = optionalString(request, 'select');
  if (select !== undefined && !SELECTS.includes(select)) {
    throw new RequestError(`"select" must be one of ${SELECTS.join(', ')}`);
  }
  return select as Select | undefined;
}

/** What a page's tokens are valid for, worked out only when a token is read or written. */
type Scope = () => string;

function lazyScope(...args: Parameters<typeof scopeOf>): Scope {
  let scope: string | undefined;
  return () => (scope ??= scopeOf(...args));
}

function startKey(request: Record<string, unknown>, env: OperationEnv, scope: Scope): WireItem | undefined {
  const token = request.nextToken;
  if (token === undefined || token === null) return undefined;
  return decodeNextToken(env.tokenKey, scope(), token);
}

function page(
  env: OperationEnv,
  scope: Scope,
  out: { Items?: WireItem[]; LastEvaluatedKey?: WireItem; ScannedCount?: number },
) {
  const items = (out.Items ?? []).map(toPlainItem);
  env.meter.addItems(out.ScannedCount ?? 0, items.length);
  return ok({
    items,
    nextToken: out.LastEvaluatedKey ? encodeNextToken(env.tokenKey, scope(), out.LastEvaluatedKey) : null,
    scannedCount: out.ScannedCount ?? 0,
  });
}

/**
 * What a Query and a Scan request share: the table and index, filter and projection (added to `exprs`
 * after any key condition, and their names and values), where the page starts, its size, its consistency.
 */
function pageRequest(
  request: Record<string, unknown>,
  env: OperationEnv,
  scope: Scope,
  index: string | undefined,
  exprs: Expressions,
) {
  const filter = exprs.add(request.filter, 'filter', { values: true });
  const projection = exprs.add(request.projection, 'projection', { values: false });
  return {
    TableName: env.tableName,
    IndexName: index,
    FilterExpression: filter,
    ProjectionExpression: projection,
    ...exprs.attributes(),
    ExclusiveStartKey: startKey(request, env, scope),
    Limit: optionalInteger(request, 'limit'),
    ConsistentRead: optionalBoolean(request, 'consistentRead'),
    Select: readSelect(request),
    ReturnConsumedCapacity: 'TOTAL' as const,
  };
}

export async function query(request: Record<string, unknown>, env: OperationEnv) {
  const index = optionalString(request, 'index');
  const scope = lazyScope('Query', env.tableName, index, request.query);
  const exprs = new Expressions();
  const keyCondition = exprs.add(request.query, 'query', { values: true, required: true });
  const out = await env.wire.call('Query', {
    ...pageRequest(request, env, scope, index, exprs),
    KeyConditionExpression: keyCondition,
    ScanIndexForward: optionalBoolean(request, 'scanIndexForward'),
  });
  env.meter.addCapacity(out.ConsumedCapacity, 'read');
  return page(env, scope, out);
}

export async function scan(request: Record<string, unknown>, env: OperationEnv) {
  const index = optionalString(request, 'index');
  const segment = optionalInteger(request, 'segment');
  const totalSegments = optionalInteger(request, 'totalSegments');
  // A token from one segment must not continue another.
  const scope = lazyScope(segment === undefined ? 'Scan' : `Scan:${segment}/${totalSegments}`, env.tableName, index);
  const out = await env.wire.call('Scan', {
    ...pageRequest(request, env, scope, index, new Expressions()),
    Segment: segment,
    TotalSegments: totalSegments,
  });
  env.meter.addCapacity(out.ConsumedCapacity, 'read');
  return page(env, scope, out);
}
