/**
 * Lambda behind the `scoreEvent` mutation and setMatchResult's live pass (an AppSync Lambda data
 * source; the payload is a ScoringRequest, `{ eventId, provisional? }`; the live pass is invoked
 * asynchronously, so its answer is discarded and a throw is retried by Lambda). Expected failures come back as `{ error: { type, message } }` for the resolver to
 * raise; anything else throws. The table is TABLE_NAME; the SDK takes its endpoint from the standard
 * AWS_ENDPOINT_URL_DYNAMODB variable when set (the local runtime points it at DynamoDB Local).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ScoringOutcome, ScoringRequest } from '../../../resolvers/lib/scoring.ts';
import { createScorer } from './scorer.ts';

let cached: { endpoint: string | undefined; client: DynamoDBClient } | undefined;

function client(): DynamoDBClient {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB ?? process.env.AWS_ENDPOINT_URL;
  if (!cached || cached.endpoint !== endpoint) cached = { endpoint, client: new DynamoDBClient({}) };
  return cached.client;
}

export async function handler(event: { [K in keyof ScoringRequest]?: unknown }): Promise<ScoringOutcome> {
  const tableName = process.env.TABLE_NAME;
  if (!tableName) throw new Error('TABLE_NAME is not set');
  if (typeof event?.eventId !== 'string' || event.eventId === '') throw new Error('The payload must be { eventId: string, provisional?: boolean }');
  if (event.provisional !== undefined && typeof event.provisional !== 'boolean') throw new Error('provisional must be a boolean');
  return createScorer({ client: client(), tableName }).scoreEvent(event.eventId, { provisional: event.provisional === true });
}
