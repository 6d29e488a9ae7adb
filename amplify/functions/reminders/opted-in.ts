/** The opted-in players of one lead, shard by shard (REMINDER.optedIn): counted to plan a send, read to send it. */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { REMINDER, type ReminderSettingsItem } from '@pickem/domain/entities/reminder';
import { fromAttributes } from '../score-event/attributes.ts';
import { queryInput, queryPages } from '../score-event/query.ts';

/** How many players asked for an email at this lead: a COUNT query per shard (reads the index keys once). */
export async function countOptedIn(dynamo: DynamoDBClient, tableName: string, minutesBefore: number): Promise<number> {
  const counts = await Promise.all(
    REMINDER.shards().map(async (shard) => {
      let count = 0;
      const input = { ...queryInput(tableName, REMINDER.optedIn(minutesBefore, shard)), Select: 'COUNT' as const };
      for await (const page of queryPages(dynamo, input)) count += page.Count ?? 0;
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
  for await (const page of queryPages(dynamo, queryInput(tableName, REMINDER.optedIn(minutesBefore, shard))))
    yield (page.Items ?? []).map((i) => fromAttributes(i) as unknown as ReminderSettingsItem);
}
