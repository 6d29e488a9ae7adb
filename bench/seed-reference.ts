/**
 * The seed design's event-card read, measured as the reference: GSI partition EVENT#<id> holding the
 * event, its matches and every player's prediction, filtered down to "no belongsto, or mine".
 * The filter runs after the read, so every player's prediction is read (and paid for).
 */
import { QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { randomUUID } from 'node:crypto';
import { ensureTable } from 'appsync-local/local/dynamodb-local.ts';
import { pickemTable } from '../amplify/data/table.ts';
import { TABLE } from '../resolvers/lib/entities/table.ts';
import type { ScreenCost } from './screens.ts';
import { CARD_SIZE } from './fixture.ts';

const EVENT = 'EVENT#2024-03-03-aew-revolution';

async function load(client: DynamoDBClient, tableName: string, players: number) {
  const matchIds = Array.from({ length: CARD_SIZE }, () => randomUUID());
  const items: Record<string, unknown>[] = [
    { PK: 'EVENT', SK: 'EVENT#2024-03-03#aew-revolution', type: 'event', GSI_PK: EVENT, GSI_SK: 'EVENT', date: '2024/03/03', name: 'AEW Revolution', state: 'scored' },
    ...matchIds.map((id, m) => ({
      PK: EVENT, SK: `MATCH#${id}`, type: 'match', GSI_PK: `${EVENT}`, GSI_SK: `MATCH#${String(m + 1).padStart(2, '0')}`, id,
      championships: ['AEW World Tag Team Championship'], name: 'Tornado Tag Team', points: 25, preshow: false, result: 0,
      teams: [{ champion: true, members: ['Sting', 'Darby Allin'] }, { name: 'The Young Bucks', members: ['Matthew Jackson', 'Nicholas Jackson'] }],
    })),
  ];
  for (let i = 0; i < players; i += 1) {
    const user = `player${i}`;
    items.push({
      PK: `USER#${user}`, SK: EVENT, type: 'prediction', GSI_PK: EVENT, GSI_SK: `SCORE#${(i * 7) % 200}#${user}`,
      belongsto: `USER#${user}`, mcorrect: 5, points: (i * 7) % 200,
      predictions: Object.fromEntries(matchIds.map((id, m) => [id, (i >> m) & 1])),
    });
  }
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((item) => ({ PutRequest: { Item: marshall(item) } }));
    while (requests.length > 0) {
      const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }));
      requests = (out.UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
}

export async function benchSeedEventCard(client: DynamoDBClient, players: number): Promise<ScreenCost> {
  const tableName = `SeedReference-${players}-${randomUUID().slice(0, 8)}`;
  // The same table (keys and index); only the items follow the seed design.
  await ensureTable(client, { ...pickemTable, name: tableName });
  await load(client, tableName, players);
  const cost: ScreenCost = { screen: 'seedEventCard', players, requests: 0, rcu: 0, itemsRead: 0, itemsReturned: 0 };
  let startKey: Record<string, any> | undefined;
  do {
    const out = await client.send(new QueryCommand({
      TableName: tableName,
      IndexName: TABLE.index,
      KeyConditionExpression: `${TABLE.gsiPk} = :pk`,
      FilterExpression: 'attribute_not_exists(belongsto) OR belongsto = :me',
      ExpressionAttributeValues: { ':pk': { S: EVENT }, ':me': { S: 'USER#player0' } },
      ExclusiveStartKey: startKey,
      ReturnConsumedCapacity: 'TOTAL',
    }));
    cost.requests += 1;
    cost.rcu += out.ConsumedCapacity?.CapacityUnits ?? 0;
    cost.itemsRead += out.ScannedCount ?? 0;
    cost.itemsReturned += out.Count ?? 0;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return cost;
}
