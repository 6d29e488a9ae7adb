import {
  util,
  type Context,
  type DynamoDBExpression,
  type DynamoDBTransactWriteItemsRequest,
} from '@aws-appsync/utils';
import { ERROR, raiseDataSourceError } from './errors';
import type { Expression, ItemKey } from '@pickem/domain/entities/table';

/**
 * Builders of DynamoDB write requests (TransactWriteItems entries take plain values here and are
 * typed with util.dynamodb), and the mapping of a failed condition to the resolver's own error.
 */

export function typed(e: Expression): DynamoDBExpression {
  return {
    expression: e.expression,
    ...(e.names ? { expressionNames: e.names } : {}),
    ...(e.values ? { expressionValues: util.dynamodb.toMapValues(e.values) } : {}),
  };
}

/** The physical table name every TransactWriteItems entry must carry. */
export function tableOf(ctx: Context): string {
  return ctx.env.TABLE_NAME;
}

export type TransactItem = DynamoDBTransactWriteItemsRequest['transactItems'][number];

/**
 * A transaction entry's condition. AppSync returns the stored item of a failed condition by default
 * (returnValuesOnConditionCheckFailure defaults to true, AppSync's TransactWriteItems reference);
 * the utils' type makes the flag explicit, and eventConditionError reads that item.
 */
function txCondition(condition: Expression | undefined) {
  return condition ? { condition: { ...typed(condition), returnValuesOnConditionCheckFailure: true } } : {};
}

export function txPut(
  table: string,
  key: ItemKey,
  attributes: Record<string, unknown>,
  condition?: Expression,
): TransactItem {
  return {
    table,
    operation: 'PutItem',
    key: util.dynamodb.toMapValues(key),
    attributeValues: util.dynamodb.toMapValues(attributes),
    ...txCondition(condition),
  };
}

export function txUpdate(table: string, key: ItemKey, update: Expression, condition?: Expression): TransactItem {
  return {
    table,
    operation: 'UpdateItem',
    key: util.dynamodb.toMapValues(key),
    update: typed(update),
    ...txCondition(condition),
  };
}

export function txDelete(table: string, key: ItemKey, condition?: Expression): TransactItem {
  return { table, operation: 'DeleteItem', key: util.dynamodb.toMapValues(key), ...txCondition(condition) };
}

export function txCheck(table: string, key: ItemKey, condition: Expression): TransactItem {
  return { table, operation: 'ConditionCheck', key: util.dynamodb.toMapValues(key), ...txCondition(condition) };
}

export function transaction(items: TransactItem[]): DynamoDBTransactWriteItemsRequest {
  return { operation: 'TransactWriteItems', transactItems: items };
}

/** AppSync's cancellation reason of one transaction entry (`item`: the stored item, when returned). */
export interface CancellationReason {
  type: string;
  message: string;
  item?: Record<string, unknown> | null;
}

export interface WriteFailure {
  /** Which entry's condition failed (0 for a single-item write). */
  index: number;
  /** The item as stored when the condition failed, if DynamoDB returned it. */
  item: Record<string, unknown> | null;
}

function reasonsOf(ctx: Context): CancellationReason[] {
  const result = ctx.result as { cancellationReasons?: CancellationReason[] | null } | null;
  return (result && result.cancellationReasons) || [];
}

/** The failed condition of a write, or null when the write succeeded or failed for another reason. */
export function failedCondition(ctx: Context): WriteFailure | null {
  const error = ctx.error;
  if (!error) return null;
  if (error.type === 'DynamoDB:ConditionalCheckFailedException') return { index: 0, item: null };
  if (error.type !== 'DynamoDB:TransactionCanceledException') return null;
  const reasons = reasonsOf(ctx);
  const index = reasons.findIndex((r) => r.type === 'ConditionalCheckFailed');
  return index < 0 ? null : { index, item: reasons[index].item ?? null };
}

/** A message and errorType to raise when a given entry's condition fails. */
export interface FailureError {
  message: string;
  type: string;
  /** The error's errorInfo, for a client to act on (AlreadyMember: the league's id, to open it). */
  info?: Record<string, string>;
}

/**
 * Raises the error of a failed write: `errors[i]` when entry i's condition failed, a
 * ConcurrentModification when the transaction collided with another one, else the data source's own
 * error. Does nothing when the write succeeded.
 */
export function raiseWriteError(ctx: Context, errors: (FailureError | null)[]): void {
  if (!ctx.error) return;
  const failed = failedCondition(ctx);
  if (failed && failed.index < errors.length) {
    const chosen = errors[failed.index];
    if (chosen) util.error(chosen.message, chosen.type, null, chosen.info ?? null);
  }
  if (reasonsOf(ctx).some((r) => r.type === 'TransactionConflict')) {
    util.error('Another change to the same items was in progress; try again', ERROR.concurrentModification);
  }
  raiseDataSourceError(ctx.error);
}
