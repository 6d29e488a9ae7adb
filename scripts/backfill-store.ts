/**
 * The table a one-off backfill script works on, read as the scoring function reads it: TABLE_NAME, and
 * AWS_ENDPOINT_URL_DYNAMODB when set (DynamoDB Local). Runs `work` with the scoring function's store and
 * the raw client, then closes the client.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createStore, type Store } from '../amplify/functions/score-event/store.ts';

export async function withBackfillStore(
  work: (store: Store, client: DynamoDBClient, tableName: string) => Promise<void>,
): Promise<void> {
  const tableName = process.env.TABLE_NAME;
  if (!tableName) {
    process.stderr.write('TABLE_NAME is not set\n');
    process.exit(2);
  }
  const client = new DynamoDBClient({});
  try {
    await work(createStore({ client, tableName, concurrency: 4 }), client, tableName);
  } finally {
    client.destroy();
  }
}
