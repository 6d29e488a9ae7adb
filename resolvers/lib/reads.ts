import { util, type DynamoDBGetItemRequest, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { EVENT } from './entities/event';
import { MAX_MATCHES_PER_CARD } from './entities/match';
import { PROFILE, userPk } from './entities/profile';
import { PREDICTION } from './entities/prediction';
import { TABLE, type ItemKey, type KeyQuery } from './entities/table';

/** The read requests of the resolvers (list screens: page.ts). */

export function getItem(key: ItemKey, consistentRead?: boolean): DynamoDBGetItemRequest {
  const request: DynamoDBGetItemRequest = { operation: 'GetItem', key: util.dynamodb.toMapValues(key) };
  return consistentRead === undefined ? request : { ...request, consistentRead };
}

/**
 * An event's partition: the event item and its matches, nothing else (predictions live in the
 * players' partitions), so the cost does not grow with the number of players.
 */
export function eventPartition(eventId: string, consistentRead: boolean): DynamoDBQueryRequest {
  return {
    operation: 'Query',
    query: {
      expression: '#pk = :pk',
      expressionNames: { '#pk': TABLE.pk },
      expressionValues: util.dynamodb.toMapValues({ ':pk': EVENT.pk(eventId) }),
    },
    limit: MAX_MATCHES_PER_CARD + 1,
    consistentRead,
  };
}

/**
 * A player's profile item and season standings: their partition from PROFILE onwards
 * (STANDING#yyyy sorts after PROFILE; PREDICTION#... sorts before it), newest season first.
 */
export function profileAndStandings(userId: string, limit: number, consistentRead: boolean): DynamoDBQueryRequest {
  return {
    operation: 'Query',
    query: {
      expression: '#pk = :pk AND #sk >= :profile',
      expressionNames: { '#pk': TABLE.pk, '#sk': TABLE.sk },
      expressionValues: util.dynamodb.toMapValues({ ':pk': userPk(userId), ':profile': PROFILE.sk }),
    },
    scanIndexForward: false,
    limit,
    consistentRead,
  };
}

/** The keys alone of a player's newest `limit` predictions, strongly consistent. */
export function newestPredictionKeys(userId: string, limit: number): DynamoDBQueryRequest {
  return {
    operation: 'Query',
    query: {
      expression: '#pk = :pk AND begins_with(#sk, :prefix)',
      expressionNames: { '#pk': TABLE.pk, '#sk': TABLE.sk },
      expressionValues: util.dynamodb.toMapValues({ ':pk': userPk(userId), ':prefix': PREDICTION.skPrefix }),
    },
    projection: { expression: '#keyPk, #keySk', expressionNames: { '#keyPk': TABLE.pk, '#keySk': TABLE.sk } },
    scanIndexForward: false,
    limit,
    consistentRead: true,
  };
}

/** An access pattern (an entity's `access`) as a Query request. */
export function keyQuery(q: KeyQuery, options: { limit: number; consistentRead?: boolean; nextToken?: string | null }): DynamoDBQueryRequest {
  const names: Record<string, string> = { '#pk': q.partition.attribute };
  const values: Record<string, string> = { ':pk': q.partition.value };
  let expression = '#pk = :pk';
  if (q.prefix) {
    names['#sk'] = q.prefix.attribute;
    values[':prefix'] = q.prefix.value;
    expression = `${expression} AND begins_with(#sk, :prefix)`;
  }
  if (q.between) {
    names['#sk'] = q.between.attribute;
    values[':from'] = q.between.from;
    values[':to'] = q.between.to;
    expression = `${expression} AND #sk BETWEEN :from AND :to`;
  }
  const request: DynamoDBQueryRequest = {
    operation: 'Query',
    query: { expression, expressionNames: names, expressionValues: util.dynamodb.toMapValues(values) },
    scanIndexForward: !q.descending,
    limit: options.limit,
  };
  if (q.index !== null) request.index = q.index;
  if (options.consistentRead !== undefined) request.consistentRead = options.consistentRead;
  if (options.nextToken !== null && options.nextToken !== undefined) request.nextToken = options.nextToken;
  return request;
}
