/**
 * The seed design's event-card read, measured as the reference: GSI partition EVENT#<id> holding the
 * event, its matches and every player's prediction, filtered down to "no belongsto, or mine".
 * The filter runs after the read, so every player's prediction is read (and paid for).
 */
import { BatchWriteItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { randomUUID } from 'node:crypto';
import { ensureTable } from 'appsync-local';
import { pickemTable } from '../amplify/data/table.ts';
import { onIndex } from '@pickem/domain/entities/access';
import { TABLE } from '@pickem/domain/entities/table';
import { queryAll, queryInput } from '../amplify/functions/score-event/query.ts';
import type { ScreenCost } from './measure-screen.ts';
import { CARD_SIZE } from './fixture.ts';

const EVENT = 'EVENT#2024-03-03-aew-revolution';

async function load(client: DynamoDBClient, tableName: string, players: number) {
  const matchIds = Array.from({ length: CARD_SIZE }, () => randomUUID());
  const items: Record<string, unknown>[] = [
    {
      [TABLE.pk]: 'EVENT',
      [TABLE.sk]: 'EVENT#2024-03-03#aew-revolution',
      type: 'event',
      [TABLE.gsiPk]: EVENT,
      [TABLE.gsiSk]: 'EVENT',
      date: '2024/03/03',
      name: 'AEW Revolution',
      state: 'scored',
    },
    ...matchIds.map((id, m) => ({
      [TABLE.pk]: EVENT,
      [TABLE.sk]: `MATCH#${id}`,
      type: 'match',
      [TABLE.gsiPk]: `${EVENT}`,
      [TABLE.gsiSk]: `MATCH#${String(m + 1).padStart(2, '0')}`,
      id,
      championships: ['AEW World Tag Team Championship'],
      name: 'Tornado Tag Team',
      points: 25,
      preshow: false,
      result: 0,
      teams: [
        { champion: true, members: ['Sting', 'Darby Allin'] },
        { name: 'The Young Bucks', members: ['Matthew Jackson', 'Nicholas Jackson'] },
      ],
    })),
  ];
  for (let i = 0; i < players; i += 1) {
    const user = `player${i}`;
    items.push({
      [TABLE.pk]: `USER#${user}`,
      [TABLE.sk]: EVENT,
      type: 'prediction',
      [TABLE.gsiPk]: EVENT,
      [TABLE.gsiSk]: `SCORE#${(i * 7) % 200}#${user}`,
      belongsto: `USER#${user}`,
      mcorrect: 5,
      points: (i * 7) % 200,
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
  // The seed's own access pattern: the event's whole GSI partition, filtered after the read.
  const input = queryInput(tableName, onIndex(EVENT, null, true));
  await queryAll(
    client,
    {
      ...input,
      FilterExpression: 'attribute_not_exists(belongsto) OR belongsto = :me',
      ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':me': { S: 'USER#player0' } },
      ReturnConsumedCapacity: 'TOTAL',
    },
    (out) => {
      cost.requests += 1;
      cost.rcu += out.ConsumedCapacity?.CapacityUnits ?? 0;
      cost.itemsRead += out.ScannedCount ?? 0;
      cost.itemsReturned += out.Count ?? 0;
    },
  );
  return cost;
}
