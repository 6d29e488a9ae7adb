/** GetItem, PutItem, UpdateItem and DeleteItem as AppSync's DynamoDB data source runs them. */
import { isServiceError } from './wire.ts';
import { Expressions, ok, optionalBoolean, requireKey, type Operation } from './request.ts';
import { isRecord } from '../is-record.ts';
import { RequestError, toPlainItem, toWireMap, type WireItem } from './values.ts';

export const getItem: Operation = async (request, env) => {
  const key = requireKey(request);
  const exprs = new Expressions();
  const projection = exprs.add(request.projection, 'projection', { values: false });
  const out = await env.wire.call('GetItem', {
    TableName: env.tableName,
    Key: key,
    ConsistentRead: optionalBoolean(request, 'consistentRead'),
    ProjectionExpression: projection,
    ...exprs.attributes(),
    ReturnConsumedCapacity: 'TOTAL',
  });
  env.meter.addCapacity(out.ConsumedCapacity, 'read');
  const found = out.Item ? 1 : 0;
  env.meter.addItems(found, found);
  return ok(out.Item ? toPlainItem(out.Item) : null);
};

interface ConditionSettings {
  expression: string | undefined;
  equalsIgnore: string[];
}

/** Adds the `condition` section; rejects what the local runtime cannot do (a Lambda failure handler). */
function addCondition(request: Record<string, unknown>, exprs: Expressions): ConditionSettings {
  const condition = request.condition;
  const expression = exprs.add(condition, 'condition', { values: true });
  let equalsIgnore: string[] = [];
  if (isRecord(condition)) {
    if (condition.equalsIgnore !== undefined && condition.equalsIgnore !== null) {
      if (!Array.isArray(condition.equalsIgnore) || !condition.equalsIgnore.every((n) => typeof n === 'string')) {
        throw new RequestError('"condition.equalsIgnore" must be an array of attribute names');
      }
      equalsIgnore = condition.equalsIgnore as string[];
    }
    const handler = condition.conditionalCheckFailedHandler;
    if (isRecord(handler) && handler.strategy === 'Custom') {
      throw new RequestError(
        'conditionalCheckFailedHandler strategy "Custom" invokes a Lambda function by ARN, which the local runtime does not support',
      );
    }
  }
  return { expression, equalsIgnore };
}

function withoutIgnored(item: Record<string, unknown> | null, ignore: string[]): string {
  if (item === null) return 'null';
  const copy = { ...item };
  for (const name of ignore) delete copy[name];
  return JSON.stringify(
    Object.keys(copy)
      .sort()
      .map((k) => [k, copy[k]]),
  );
}

/**
 * AppSync's rule for a failed condition: when the item now in the table already equals the one the
 * write would have produced (ignoring `equalsIgnore`), the write counts as a success returning that
 * item. `expected` is null for DeleteItem (the item should be gone) and undefined when it cannot be
 * known (UpdateItem), in which case the failure stands.
 */
function conditionFailure(
  err: unknown,
  expected: Record<string, unknown> | null | undefined,
  settings: ConditionSettings,
) {
  if (!isServiceError(err, 'ConditionalCheckFailedException') || expected === undefined) return undefined;
  const current = err.Item ? toPlainItem(err.Item) : null;
  if (withoutIgnored(current, settings.equalsIgnore) === withoutIgnored(expected, settings.equalsIgnore)) {
    return ok(current);
  }
  return undefined;
}

export const putItem: Operation = async (request, env) => {
  const key = requireKey(request);
  const values: WireItem =
    request.attributeValues === undefined || request.attributeValues === null
      ? {}
      : toWireMap(request.attributeValues, 'attributeValues');
  const item: WireItem = { ...values, ...key };
  const exprs = new Expressions();
  const settings = addCondition(request, exprs);
  try {
    const out = await env.wire.call('PutItem', {
      TableName: env.tableName,
      Item: item,
      ConditionExpression: settings.expression,
      ...exprs.attributes(),
      ReturnValuesOnConditionCheckFailure: settings.expression ? 'ALL_OLD' : undefined,
      ReturnConsumedCapacity: 'TOTAL',
    });
    env.meter.addCapacity(out.ConsumedCapacity, 'write');
    return ok(toPlainItem(item));
  } catch (err) {
    const accepted = conditionFailure(err, toPlainItem(item), settings);
    if (accepted) return accepted;
    throw err;
  }
};

export const updateItem: Operation = async (request, env) => {
  const key = requireKey(request);
  const exprs = new Expressions();
  const update = exprs.add(request.update, 'update', { values: true, required: true });
  const settings = addCondition(request, exprs);
  const out = await env.wire.call('UpdateItem', {
    TableName: env.tableName,
    Key: key,
    UpdateExpression: update,
    ConditionExpression: settings.expression,
    ...exprs.attributes(),
    ReturnValues: 'ALL_NEW',
    ReturnConsumedCapacity: 'TOTAL',
  });
  env.meter.addCapacity(out.ConsumedCapacity, 'write');
  return ok(out.Attributes ? toPlainItem(out.Attributes) : null);
};

export const deleteItem: Operation = async (request, env) => {
  const key = requireKey(request);
  const exprs = new Expressions();
  const settings = addCondition(request, exprs);
  try {
    const out = await env.wire.call('DeleteItem', {
      TableName: env.tableName,
      Key: key,
      ConditionExpression: settings.expression,
      ...exprs.attributes(),
      ReturnValues: 'ALL_OLD',
      ReturnValuesOnConditionCheckFailure: settings.expression ? 'ALL_OLD' : undefined,
      ReturnConsumedCapacity: 'TOTAL',
    });
    env.meter.addCapacity(out.ConsumedCapacity, 'write');
    return ok(out.Attributes ? toPlainItem(out.Attributes) : null);
  } catch (err) {
    const accepted = conditionFailure(err, null, settings);
    if (accepted) return accepted;
    throw err;
  }
};
