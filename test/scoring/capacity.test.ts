import { describe, expect, it } from 'vitest';
import { QueryCommand, TransactWriteItemsCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { toAttributes } from '../../amplify/functions/score-event/attributes.ts';
import { setUpdate } from '../../amplify/functions/score-event/expressions.ts';
import { queryInput } from '../../amplify/functions/score-event/query.ts';
import { PREDICTION } from '../../resolvers/lib/entities/prediction.ts';
import { readUnits, writeCharges } from '../../amplify/functions/score-event/capacity.ts';
import { createCapacityModel } from '../../bench/capacity-model.ts';
import { TABLE } from '../../resolvers/lib/entities/table.ts';

const prediction = (gsiSk: string, extra: Record<string, unknown> = {}) => ({
  [TABLE.pk]: 'USER#alice',
  [TABLE.sk]: 'PREDICTION#2025-04-19#e1',
  [TABLE.gsiPk]: 'PREDICTIONS#e1',
  [TABLE.gsiSk]: gsiSk,
  ...extra,
});

/** DynamoDB's capacity rules, charged per partition key value of the table and of the GSI. */
describe('capacity model', () => {
  it('doubles a transactional write on the table, and charges a moved index key as a delete plus a put', () => {
    const before = prediction('UNSCORED#alice');
    const after = prediction('SCORE#00018#003#alice', { points: 18 });
    expect(writeCharges(before, after, true)).toEqual([
      { partition: 'table:USER#alice', units: 2 },
      { partition: 'index:PREDICTIONS#e1', units: 1 },
      { partition: 'index:PREDICTIONS#e1', units: 1 },
    ]);
    expect(writeCharges(after, { ...after, rank: 2 }, false)).toEqual([
      { partition: 'table:USER#alice', units: 1 },
      { partition: 'index:PREDICTIONS#e1', units: 1 },
    ]);
  });

  it('charges each started KB of the larger image, and reads by 4 KB, halved when eventually consistent', () => {
    const big = prediction('SCORE#00018#003#alice', { blob: 'x'.repeat(1900) });
    expect(writeCharges(big, { ...big, blob: 'y' }, true)[0].units).toBe(4);
    expect(readUnits(5000, { consistent: true })).toBe(2);
    expect(readUnits(5000, { consistent: false })).toBe(1);
    expect(readUnits(0, { consistent: false })).toBe(0.5);
  });

  it('charges what a wrapped client sends, and names the hottest key with its seconds at the per-partition limits', async () => {
    const seeded = prediction('UNSCORED#alice');
    const model = createCapacityModel([seeded]);
    const answers: Record<string, unknown>[] = [{}, { Items: [toAttributes({ ...seeded, points: 18 })] }];
    const client = model.wrap({ send: async () => answers.shift() } as unknown as DynamoDBClient);
    const update = setUpdate('t', { PK: 'USER#alice', SK: 'PREDICTION#2025-04-19#e1' }, { points: 18, [TABLE.gsiSk]: 'SCORE#00018#003#alice' }, () => 'attribute_exists(PK)');
    await client.send(new TransactWriteItemsCommand({ TransactItems: [{ Update: update }] }));
    await client.send(new QueryCommand(queryInput('t', PREDICTION.all('e1'))));
    expect(model.take()).toEqual({
      wcu: 4,
      rcu: 0.5,
      hottestKey: 'index:PREDICTIONS#e1',
      hottestKeyWcu: 2,
      hottestKeyRcu: 0.5,
      modeledAwsSeconds: 2 / 1000 + 0.5 / 3000,
    });
    expect(model.take()).toMatchObject({ wcu: 0, rcu: 0 });
  });
});
