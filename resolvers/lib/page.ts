import { util, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { ERROR } from './errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits';

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

interface KeyPart {
  attribute: string;
  value: string;
}

/**
 * The request of every list screen: one page of a partition (optionally of the sort keys that begin
 * with a prefix), highest sort key first, bounded by the page size.
 */
export function descendingPage(index: string | null, partition: KeyPart, prefix: KeyPart | null, args: PageArgs): DynamoDBQueryRequest {
  const names: Record<string, string> = { '#pk': partition.attribute };
  const values: Record<string, string> = { ':pk': partition.value };
  if (prefix) {
    names['#sk'] = prefix.attribute;
    values[':prefix'] = prefix.value;
  }
  const request = {
    operation: 'Query' as const,
    query: {
      expression: prefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
      expressionNames: names,
      expressionValues: util.dynamodb.toMapValues(values),
    },
    scanIndexForward: false,
    limit: pageSize(args.limit),
    ...(args.nextToken === null || args.nextToken === undefined ? {} : { nextToken: args.nextToken }),
  };
  return index ? { ...request, index } : request;
}
