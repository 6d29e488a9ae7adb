import { describe, expect, it } from 'vitest';
import { QueryCommand, TransactWriteItemsCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { toAttributes } from '../../amplify/functions/score-event/attributes.ts';
import { setUpdate } from '../../amplify/functions/score-event/expressions.ts';
import { queryInput } from '../../amplify/functions/score-event/query.ts';
import { ENTRY } from '@pickem/domain/entities/entry';
import { readUnits, writeCharges } from '../../amplify/functions/score-event/capacity.ts';
import { createCapacityModel } from '../../bench/capacity-model.ts';
import { IF_STORED, itemKey, TABLE } from '@pickem/domain/entities/table';

/** A prediction as scoring writes it now: in its player's partition, with no index key. */
const prediction = (extra: Record<string, unknown> = {}) => ({
  [TABLE.pk]: 'USER#alice',
  [TABLE.sk]: 'PREDICTION#2025-04-19#e1',
  ...extra,
});
/** An item in the GSI (an event in the EVENTS partition). */
const indexed = (gsiSk: string, extra: Record<string, unknown> = {}) => ({
  [TABLE.pk]: 'EVENT#e1',
  [TABLE.sk]: 'EVENT',
  [TABLE.gsiPk]: 'EVENTS',
  [TABLE.gsiSk]: gsiSk,
  ...extra,
});

/** DynamoDB's capacity rules, charged per partition key value of the table and of the GSI. */
describe('capacity model', () => {
  it('charges an item without index attributes on its table partition alone, doubled in a transaction', () => {
    const before = prediction();
    const after = prediction({ points: 18, correct: 3, rank: 1 });
    expect(writeCharges(before, after, true)).toEqual([{ partition: 'table:USER#alice', units: 2 }]);
    expect(writeCharges(after, { ...after, rank: 2 }, false)).toEqual([{ partition: 'table:USER#alice', units: 1 }]);
    expect(writeCharges(undefined, { ...itemKey('BOARD#EVENT#e1#0#abc', 'CHUNK'), rows: [] }, false)).toEqual([
      { partition: 'table:BOARD#EVENT#e1#0#abc', units: 1 },
    ]);
    expect(
      writeCharges({ ...itemKey('BOARD#EVENT#e1#0#abc', 'CHUNK'), rows: ['x'.repeat(3000)] }, undefined, false),
    ).toEqual([{ partition: 'table:BOARD#EVENT#e1#0#abc', units: 3 }]);
  });

  it('charges a moved index key as a delete plus a put, a kept one as a put', () => {
    const before = indexed('2025-04-19#e1');
    const after = indexed('2025-04-20#e1');
    expect(writeCharges(before, after, false)).toEqual([
      { partition: 'table:EVENT#e1', units: 1 },
      { partition: 'index:EVENTS', units: 1 },
      { partition: 'index:EVENTS', units: 1 },
    ]);
    expect(writeCharges(after, { ...after, name: 'x' }, true)).toEqual([
      { partition: 'table:EVENT#e1', units: 2 },
      { partition: 'index:EVENTS', units: 1 },
    ]);
  });

  it('charges each started KB of the larger image, and reads by 4 KB, halved when eventually consistent', () => {
    const big = prediction({ blob: 'x'.repeat(1900) });
    expect(writeCharges(big, { ...big, blob: 'y' }, true)[0].units).toBe(4);
    expect(readUnits(5000, { consistent: true })).toBe(2);
    expect(readUnits(5000, { consistent: false })).toBe(1);
    expect(readUnits(0, { consistent: false })).toBe(0.5);
  });

  it('charges what a wrapped client sends, and names the hottest key with its seconds at the per-partition limits', async () => {
    const seeded = prediction();
    const model = createCapacityModel([seeded]);
    const answers: Record<string, unknown>[] = [
      {},
      { Items: [toAttributes({ ...itemKey('ENTRIES#e1#3', 'USER#alice'), picks: [] })] },
    ];
    const client = model.wrap({ send: async () => answers.shift() } as unknown as DynamoDBClient);
    const update = setUpdate(
      't',
      itemKey('USER#alice', 'PREDICTION#2025-04-19#e1'),
      { points: 18 },
      () => IF_STORED.expression,
    );
    await client.send(new TransactWriteItemsCommand({ TransactItems: [{ Update: update }] }));
    await client.send(new QueryCommand(queryInput('t', ENTRY.shard('e1', 3), { consistentRead: true })));
    expect(model.take()).toEqual({
      wcu: 2,
      rcu: 1,
      hottestKey: 'table:USER#alice',
      hottestKeyWcu: 2,
      hottestKeyRcu: 0,
      modeledAwsSeconds: 2 / 1000,
    });
    expect(model.take()).toMatchObject({ wcu: 0, rcu: 0 });
  });
});
