/**
 * The table's TTL: the local Pick'Em table has it on TABLE.ttl (as the cloud table, test/stack/), and the
 * items that say when they are of no more use, the join-attempt windows, carry that attribute in epoch
 * seconds.
 */
import { DescribeTimeToLiveCommand, GetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDynamoDbClient, subFor } from 'appsync-local';
import { dynamoEndpoint } from 'appsync-local/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_ATTEMPTS } from '@pickem/domain/entities/league';
import { TABLE } from '@pickem/domain/entities/table';
import { ERROR } from '@pickem/domain/error-types';
import { toAttributes } from '../../amplify/functions/score-event/attributes.ts';
import { stateDir } from '../../project.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { LEAGUE_OP, refusal } from './leagues-fixtures.ts';

let api: TestApi;
let client: DynamoDBClient;

beforeAll(async () => {
  api = await startTestApi();
  client = createDynamoDbClient(dynamoEndpoint(), stateDir);
});
afterAll(async () => {
  client?.destroy();
  await api?.close();
});

describe('TTL', () => {
  it('is on TABLE.ttl on the local table', async () => {
    const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: api.tableName }));
    expect(TimeToLiveDescription).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: TABLE.ttl });
  });

  it("is set on a wrong invite code's attempts item: two windows after the one it counts", async () => {
    const window = () => Math.floor(Date.now() / 1000 / JOIN_ATTEMPTS.windowSeconds);
    const before = window();
    expect(await refusal(api, 'ttl-guesser', LEAGUE_OP.join, { c: 'ZZZZZ-ZZZZZ' })).toBe(ERROR.invalidCode);
    const after = window();
    const items = [];
    for (let w = before; w <= after; w++) {
      const key = JOIN_ATTEMPTS.key(subFor('ttl-guesser'), w);
      const { Item } = await client.send(
        new GetItemCommand({
          TableName: api.tableName,
          Key: toAttributes(key),
          ConsistentRead: true,
        }),
      );
      if (Item) items.push({ w, Item });
    }
    expect(items).toHaveLength(1);
    const [{ w, Item }] = items;
    expect(Item[TABLE.ttl]).toEqual({ N: `${(w + 2) * JOIN_ATTEMPTS.windowSeconds}` });
  });
});
