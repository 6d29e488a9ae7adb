/**
 * Writes the rank buckets (domain/entities/season-ranks.ts) of every season that has a board, from
 * the board as stored: once, after deploying the buckets, for the seasons scored before them (a
 * profile ranks a standing whose season has no bucket as 1, until the season's next final pass).
 * Safe to run again at any time. Reads the table as the scoring function does: TABLE_NAME, and
 * AWS_ENDPOINT_URL_DYNAMODB when set (DynamoDB Local).
 *   TABLE_NAME=<table> npx tsx scripts/season-ranks-backfill.ts
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SEASON, type SeasonItem } from '@pickem/domain/entities/season';
import { backfillSeasonRanks } from '../amplify/functions/score-event/season-board.ts';
import { createStore } from '../amplify/functions/score-event/store.ts';

const tableName = process.env.TABLE_NAME;
if (!tableName) {
  process.stderr.write('TABLE_NAME is not set\n');
  process.exit(2);
}
const client = new DynamoDBClient({});
try {
  const store = createStore({ client, tableName, concurrency: 4 });
  for (const season of (await store.query(SEASON.all())) as unknown as SeasonItem[]) {
    const done = await backfillSeasonRanks(store, season.id);
    console.log(`${season.id}: ${done ? 'rank buckets written' : 'no board'}`);
  }
} finally {
  client.destroy();
}
