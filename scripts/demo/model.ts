/**
 * The data model a kept database (.local/dynamodb) was loaded under. Before boards and entries,
 * predictions and standings carried GSI keys (an event's predictions and a season's standings were read
 * from the index); today's resolvers read neither, so such a database shows scored events without
 * leaderboards and seasons without standings. `npm start` finds such items and loads the demo season
 * again into an emptied table.
 */
import { BatchWriteItemCommand, ScanCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import { STANDING } from '@pickem/domain/entities/standing';
import { TABLE } from '@pickem/domain/entities/table';

/** Whether the table holds a prediction or a standing with an index key: the model before boards and entries. */
export async function holdsOlderModel(client: DynamoDBClient, tableName: string): Promise<boolean> {
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#type IN (:prediction, :standing) AND attribute_exists(#gsiPk)',
        ExpressionAttributeNames: { '#type': 'type', '#gsiPk': TABLE.gsiPk },
        ExpressionAttributeValues: { ':prediction': { S: PREDICTION.type }, ':standing': { S: STANDING.type } },
        ProjectionExpression: '#type',
        ExclusiveStartKey: start,
      }),
    );
    if ((page.Items ?? []).length > 0) return true;
    start = page.LastEvaluatedKey;
  } while (start);
  return false;
}

/** Deletes every item of the table (a local demo table: a few thousand items); returns how many. */
export async function clearTable(client: DynamoDBClient, tableName: string): Promise<number> {
  let deleted = 0;
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        ProjectionExpression: '#pk, #sk',
        ExpressionAttributeNames: { '#pk': TABLE.pk, '#sk': TABLE.sk },
        ExclusiveStartKey: start,
      }),
    );
    const keys = page.Items ?? [];
    for (let i = 0; i < keys.length; i += 25) {
      let requests = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      while (requests.length > 0) {
        const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }));
        requests = (out.UnprocessedItems?.[tableName] ?? []) as typeof requests;
      }
    }
    deleted += keys.length;
    start = page.LastEvaluatedKey;
  } while (start);
  return deleted;
}
