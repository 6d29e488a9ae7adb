/**
 * The AWS SDK side of the access patterns named on the entities (domain/entities/access.ts):
 * a pattern as a QueryCommand input, and every page of a query. The resolvers' side is resolvers/lib/query.ts.
 */
import {
  QueryCommand,
  type DynamoDBClient,
  type QueryCommandInput,
  type QueryCommandOutput,
} from '@aws-sdk/client-dynamodb';
import { keyCondition, type AccessPattern } from '@pickem/domain/entities/access';
import { fromAttributes, toAttributes, type Item } from './attributes.ts';

export interface QueryOptions {
  limit?: number;
  /** Only for a pattern on the table: a GSI has no strongly consistent reads. */
  consistentRead?: boolean;
}

export function queryInput(tableName: string, pattern: AccessPattern, options: QueryOptions = {}): QueryCommandInput {
  const condition = keyCondition(pattern);
  return {
    TableName: tableName,
    IndexName: pattern.index ?? undefined,
    KeyConditionExpression: condition.expression,
    ExpressionAttributeNames: condition.names,
    ExpressionAttributeValues: toAttributes(condition.values),
    ScanIndexForward: pattern.forward,
    Limit: options.limit,
    ConsistentRead: options.consistentRead,
  };
}

/** Each page of a query in turn (following LastEvaluatedKey), as DynamoDB answered it. */
export async function* queryPages(
  client: DynamoDBClient,
  input: QueryCommandInput,
): AsyncGenerator<QueryCommandOutput> {
  let start: QueryCommandInput['ExclusiveStartKey'];
  do {
    const out = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    yield out;
    start = out.LastEvaluatedKey;
  } while (start);
}

/** Every page of a query (following LastEvaluatedKey), its items unmarshalled; `onPage` sees each answer. */
export async function queryAll(
  client: DynamoDBClient,
  input: QueryCommandInput,
  onPage?: (out: QueryCommandOutput) => void,
): Promise<Item[]> {
  const items: Item[] = [];
  for await (const out of queryPages(client, input)) {
    onPage?.(out);
    for (const item of out.Items ?? []) items.push(fromAttributes(item));
  }
  return items;
}
