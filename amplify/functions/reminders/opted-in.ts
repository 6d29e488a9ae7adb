/** The opted-in players of one lead, shard by shard (REMINDER.optedIn): counted to plan a send, read to send it. */
import { QueryCommand, type DynamoDBClient, type QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { REMINDER, type ReminderSettingsItem } from '@pickem/domain/entities/reminder';
import { fromAttributes } from '../score-event/attributes.ts';
import { queryInput } from '../score-event/query.ts';

/** How many players asked for an email at this lead: a COUNT query per shard (reads the index keys once). */
export async function countOptedIn(dynamo: DynamoDBClient, tableName: string, minutesBefore: number): Promise<number> {
  const counts = await Promise.all(
    REMINDER.shards().map(async (shard) => {
      let count = 0;
      let start: QueryCommandInput['ExclusiveStartKey'];
      do {
        const page = await dynamo.send(
          new QueryCommand({
            ...queryInput(tableName, REMINDER.optedIn(minutesBefore, shard)),
            Select: 'COUNT',
            ExclusiveStartKey: start,
          }),
        );
        count += page.Count ?? 0;
        start = page.LastEvaluatedKey;
      } while (start);
      return count;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** Each page of one shard's opted-in players, in turn. */
export async function* optedInPages(
  dynamo: DynamoDBClient,
  tableName: string,
  minutesBefore: number,
  shard: number,
): AsyncGenerator<ReminderSettingsItem[]> {
  let start: QueryCommandInput['ExclusiveStartKey'];
  do {
    const page = await dynamo.send(
      new QueryCommand({ ...queryInput(tableName, REMINDER.optedIn(minutesBefore, shard)), ExclusiveStartKey: start }),
    );
    start = page.LastEvaluatedKey;
    yield (page.Items ?? []).map((i) => fromAttributes(i) as unknown as ReminderSettingsItem);
  } while (start);
}
