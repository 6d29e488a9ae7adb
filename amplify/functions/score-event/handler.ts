/**
 * Lambda behind the `scoreEvent` mutation (an AppSync Lambda data source; the payload is
 * `{ eventId }`). Expected failures come back as `{ error: { type, message } }` for the resolver to
 * raise; anything else throws. The table is TABLE_NAME; the SDK takes its endpoint from the standard
 * AWS_ENDPOINT_URL_DYNAMODB variable when set (the local runtime points it at DynamoDB Local).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ScoringOutcome } from '../../../resolvers/lib/scoring.ts';
import { createScorer } from './scorer.ts';

let cached: { endpoint: string | undefined; client: DynamoDBClient } | undefined;

function client(): DynamoDBClient {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB ?? process.env.AWS_ENDPOINT_URL;
  if (!cached || cached.endpoint !== endpoint) cached = { endpoint, client: new DynamoDBClient({}) };
  return cached.client;
}

export async function handler(event: { eventId?: unknown }): Promise<ScoringOutcome> {
  const tableName = process.env.TABLE_NAME;
  if (!tableName) throw new Error('TABLE_NAME is not set');
  if (typeof event?.eventId !== 'string' || event.eventId === '') throw new Error('The payload must be { eventId: string }');
  return createScorer({ client: client(), tableName }).scoreEvent(event.eventId);
}
