import { util, type DynamoDBGetItemRequest, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { KEYS_ONLY, keyCondition, type AccessPattern } from '@pickem/domain/entities/access';
import type { ItemKey } from '@pickem/domain/entities/table';
import { ERROR } from './errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@pickem/domain/limits';

/**
 * The resolvers' read requests: a GetItem of an entity's key, and a Query of an access pattern named
 * on its entity (entities/access.ts; the scoring function's SDK side is amplify/functions/score-event/query.ts).
 */

export function getItem(key: ItemKey, consistentRead?: boolean): DynamoDBGetItemRequest {
  const request: DynamoDBGetItemRequest = { operation: 'GetItem', key: util.dynamodb.toMapValues(key) };
  return consistentRead === undefined ? request : { ...request, consistentRead };
}

/** A projection of these attributes, each behind the placeholder `#<attribute>`, in this order. */
export function projection(attributes: string[]): { expression: string; expressionNames: Record<string, string> } {
  const expressionNames: Record<string, string> = {};
  for (const attribute of attributes) expressionNames[`#${attribute}`] = attribute;
  return { expression: attributes.map((attribute) => `#${attribute}`).join(', '), expressionNames };
}

export interface QueryOptions {
  limit: number;
  consistentRead?: boolean;
  nextToken?: string | null;
  /** Read the primary keys alone. */
  keysOnly?: boolean;
}

/** One page of `pattern`. */
export function query(pattern: AccessPattern, options: QueryOptions): DynamoDBQueryRequest {
  const condition = keyCondition(pattern);
  return {
    operation: 'Query',
    query: {
      expression: condition.expression,
      expressionNames: condition.names,
      expressionValues: util.dynamodb.toMapValues(condition.values),
    },
    ...(options.keysOnly ? { projection: { expression: KEYS_ONLY.expression, expressionNames: KEYS_ONLY.names } } : {}),
    ...(pattern.forward ? {} : { scanIndexForward: false }),
    limit: options.limit,
    ...(options.nextToken === null || options.nextToken === undefined ? {} : { nextToken: options.nextToken }),
    ...(options.consistentRead === undefined ? {} : { consistentRead: options.consistentRead }),
    ...(pattern.index === null ? {} : { index: pattern.index }),
  };
}

/** A page of items as a DynamoDB Query returns it to a resolver. */
export interface QueryPage<T> {
  items: T[];
  nextToken?: string | null;
}

/** The arguments of every paged field. */
export interface PageArgs {
  limit?: number | null;
  nextToken?: string | null;
}

/** A page size from a `limit` argument: default 20, 1 to 100, else a ValidationError. */
export function pageSize(limit: number | null | undefined): number {
  if (limit === null || limit === undefined) return DEFAULT_PAGE_SIZE;
  if (limit < 1 || limit > MAX_PAGE_SIZE) {
    util.error(`limit must be between 1 and ${MAX_PAGE_SIZE}; got ${limit}`, ERROR.validation);
  }
  return limit;
}

/** The request of every list screen: the page of `pattern` the field's arguments ask for. */
export function listPage(pattern: AccessPattern, args: PageArgs): DynamoDBQueryRequest {
  return query(pattern, { limit: pageSize(args.limit), nextToken: args.nextToken });
}
