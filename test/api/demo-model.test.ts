/**
 * `npm start` on a kept database (scripts/demo/model.ts): a table holding predictions or standings of
 * the data model before boards and entries (with index keys) is found, and emptied so that the demo
 * season loads again; a table of today's model is left alone.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoDbClient } from 'appsync-local';
import { dynamoEndpoint } from 'appsync-local/testing';
import { TABLE } from '@pickem/domain/entities/table';
import { clearTable, holdsOlderModel } from '../../scripts/demo/model.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { createCard, tableSnapshot, OP } from './mutations-fixtures.ts';
import { stateDir } from '../../project.ts';

let api: TestApi;
const client = createDynamoDbClient(dynamoEndpoint(), stateDir);

beforeAll(async () => {
  api = await startTestApi();
}, 60_000);

afterAll(async () => {
  client.destroy();
  await api?.close();
});

describe('the data model of a kept database', () => {
  it("leaves today's items alone, finds a prediction or a standing with an index key, and empties the table", async () => {
    const event = await createCard(api, 1);
    await api.data('keeper', OP.savePrediction, { e: event.id, p: [{ matchId: event.matches[0], team: 0 }] });
    expect(await holdsOlderModel(client, api.tableName)).toBe(false);

    const old = {
      [TABLE.pk]: { S: 'USER#old' },
      [TABLE.sk]: { S: 'STANDING#2024' },
      type: { S: 'Standing' },
      [TABLE.gsiPk]: { S: 'STANDINGS#2024' },
      [TABLE.gsiSk]: { S: 'SCORE#00000010#000001#old' },
    };
    await client.send(new PutItemCommand({ TableName: api.tableName, Item: old }));
    expect(await holdsOlderModel(client, api.tableName)).toBe(true);

    const items = JSON.parse(await tableSnapshot(api)).length;
    expect(await clearTable(client, api.tableName)).toBe(items);
    expect(await tableSnapshot(api)).toBe('[]');
    expect(await holdsOlderModel(client, api.tableName)).toBe(false);
  });
});
