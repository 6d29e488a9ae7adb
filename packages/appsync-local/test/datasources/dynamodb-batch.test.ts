import { beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDbRequestEvent } from '../../src/datasources/dynamodb/data-source.ts';
import type { DataSourceInvoker } from '../../src/runtime/types.ts';
import { testContext } from '../../testing/context.ts';
import { createTestTable, testDataSource } from '../../testing/dynamodb.ts';

let ds: DataSourceInvoker;
let table: string;
const events: DynamoDbRequestEvent[] = [];
const invoke = (request: unknown) => ds.invoke(request, testContext());
const key = (pk: string, sk = 'META') => ({ PK: { S: pk }, SK: { S: sk } });

beforeAll(async () => {
  table = (await createTestTable()).tableName;
  ds = testDataSource(table, (e) => events.push(e));
});

describe('batch operations', () => {
  it('BatchPutItem returns the written items per table', async () => {
    const outcome = await invoke({
      operation: 'BatchPutItem',
      tables: { [table]: ['A', 'B', 'C'].map((id, i) => ({ ...key(`P#${id}`), rank: { N: i } })) },
    });
    expect(outcome).toEqual({
      result: {
        data: { [table]: ['A', 'B', 'C'].map((id, i) => ({ PK: `P#${id}`, SK: 'META', rank: i })) },
        unprocessedItems: { [table]: [] },
      },
      error: null,
    });
  });

  it('BatchGetItem returns items in request key order with null for missing keys', async () => {
    events.length = 0;
    const outcome = await invoke({
      operation: 'BatchGetItem',
      tables: { [table]: { keys: [key('P#C'), key('P#missing'), key('P#A'), key('P#B')], consistentRead: true } },
    });
    expect(outcome.error).toBeNull();
    expect(outcome.result).toEqual({
      data: {
        [table]: [
          { PK: 'P#C', SK: 'META', rank: 2 },
          null,
          { PK: 'P#A', SK: 'META', rank: 0 },
          { PK: 'P#B', SK: 'META', rank: 1 },
        ],
      },
      unprocessedKeys: { [table]: [] },
    });
    expect(events[0]).toMatchObject({ operation: 'BatchGetItem', itemsRead: 3, itemsReturned: 3 });
    expect(events[0].consumedRcu).toBeGreaterThan(0);
  });

  it('BatchGetItem keeps the order under a projection that leaves the keys out', async () => {
    const outcome = await invoke({
      operation: 'BatchGetItem',
      tables: {
        [table]: {
          keys: [key('P#B'), key('P#A')],
          projection: { expression: '#r', expressionNames: { '#r': 'rank' } },
        },
      },
    });
    expect(outcome.result).toEqual({ data: { [table]: [{ rank: 1 }, { rank: 0 }] }, unprocessedKeys: { [table]: [] } });
    const withKey = await invoke({
      operation: 'BatchGetItem',
      tables: {
        [table]: {
          keys: [key('P#B'), key('P#A')],
          projection: { expression: 'PK, #r', expressionNames: { '#r': 'rank' } },
        },
      },
    });
    expect((withKey.result as { data: Record<string, unknown[]> }).data[table]).toEqual([
      { PK: 'P#B', rank: 1 },
      { PK: 'P#A', rank: 0 },
    ]);
  });

  it('BatchDeleteItem returns the keys it deleted', async () => {
    const outcome = await invoke({ operation: 'BatchDeleteItem', tables: { [table]: [key('P#A'), key('P#B')] } });
    expect(outcome).toEqual({
      result: {
        data: {
          [table]: [
            { PK: 'P#A', SK: 'META' },
            { PK: 'P#B', SK: 'META' },
          ],
        },
        unprocessedKeys: { [table]: [] },
      },
      error: null,
    });
    const after = await invoke({ operation: 'GetItem', key: key('P#A') });
    expect(after.result).toBeNull();
  });

  it('rejects a table other than the data source table', async () => {
    const outcome = await invoke({ operation: 'BatchGetItem', tables: { SomeOtherTable: { keys: [key('P#A')] } } });
    expect(outcome.result).toBeNull();
    expect(outcome.error?.message).toMatch(/SomeOtherTable.*not served by this data source/);
  });
});

describe('transactions', () => {
  it('TransactWriteItems writes all items and returns their keys', async () => {
    await invoke({ operation: 'PutItem', key: key('T#upd'), attributeValues: { n: { N: 1 } } });
    await invoke({ operation: 'PutItem', key: key('T#del'), attributeValues: { n: { N: 1 } } });
    const outcome = await invoke({
      operation: 'TransactWriteItems',
      transactItems: [
        {
          table,
          operation: 'PutItem',
          key: key('T#new'),
          attributeValues: { n: { N: 7 } },
          condition: { expression: 'attribute_not_exists(PK)' },
        },
        {
          table,
          operation: 'UpdateItem',
          key: key('T#upd'),
          update: { expression: 'SET n = n + :one', expressionValues: { ':one': { N: 1 } } },
        },
        { table, operation: 'DeleteItem', key: key('T#del') },
        { table, operation: 'ConditionCheck', key: key('P#C'), condition: { expression: 'attribute_exists(PK)' } },
      ],
    });
    expect(outcome).toEqual({
      result: {
        keys: [
          { PK: 'T#new', SK: 'META' },
          { PK: 'T#upd', SK: 'META' },
          { PK: 'T#del', SK: 'META' },
          { PK: 'P#C', SK: 'META' },
        ],
        cancellationReasons: null,
      },
      error: null,
    });
    expect(((await invoke({ operation: 'GetItem', key: key('T#upd') })).result as { n: number }).n).toBe(2);
    expect((await invoke({ operation: 'GetItem', key: key('T#del') })).result).toBeNull();
  });

  it('a cancelled TransactWriteItems gives ctx.error and the cancellation reasons in ctx.result, writing nothing', async () => {
    const outcome = await invoke({
      operation: 'TransactWriteItems',
      transactItems: [
        { table, operation: 'PutItem', key: key('T#never'), attributeValues: { n: { N: 1 } } },
        {
          table,
          operation: 'PutItem',
          key: key('T#new'),
          attributeValues: { n: { N: 8 } },
          condition: { expression: 'attribute_not_exists(PK)' },
        },
      ],
    });
    expect(outcome.error?.type).toBe('DynamoDB:TransactionCanceledException');
    expect(outcome.error?.message).toMatch(/ConditionalCheckFailed/);
    expect(outcome.result).toEqual({
      keys: null,
      cancellationReasons: [
        { type: 'None', message: 'None' },
        { type: 'ConditionalCheckFailed', message: expect.any(String), item: { PK: 'T#new', SK: 'META', n: 7 } },
      ],
    });
    expect((await invoke({ operation: 'GetItem', key: key('T#never') })).result).toBeNull();
  });

  it('leaves the failing item out of the reasons when returnValuesOnConditionCheckFailure is false', async () => {
    const outcome = await invoke({
      operation: 'TransactWriteItems',
      transactItems: [
        {
          table,
          operation: 'ConditionCheck',
          key: key('T#new'),
          condition: { expression: 'attribute_not_exists(PK)', returnValuesOnConditionCheckFailure: false },
        },
      ],
    });
    expect(outcome.result).toEqual({
      keys: null,
      cancellationReasons: [{ type: 'ConditionalCheckFailed', message: expect.any(String) }],
    });
  });

  it('TransactGetItems returns items in order with null for missing ones', async () => {
    events.length = 0;
    const outcome = await invoke({
      operation: 'TransactGetItems',
      transactItems: [
        { table, key: key('T#upd') },
        { table, key: key('T#missing') },
        { table, key: key('T#new'), projection: { expression: 'n' } },
      ],
    });
    expect(outcome).toEqual({
      result: { items: [{ PK: 'T#upd', SK: 'META', n: 2 }, null, { n: 7 }], cancellationReasons: null },
      error: null,
    });
    expect(events[0]).toMatchObject({ operation: 'TransactGetItems', itemsRead: 2, itemsReturned: 2 });
    expect(events[0].consumedRcu).toBeGreaterThan(0);
  });

  it('validates transaction items', async () => {
    const noCondition = await invoke({
      operation: 'TransactWriteItems',
      transactItems: [{ table, operation: 'ConditionCheck', key: key('x') }],
    });
    expect(noCondition.error?.message).toMatch(/condition/);
    const badOp = await invoke({
      operation: 'TransactWriteItems',
      transactItems: [{ table, operation: 'Upsert', key: key('x') }],
    });
    expect(badOp.error?.message).toMatch(/operation must be one of/);
    const foreign = await invoke({
      operation: 'TransactGetItems',
      transactItems: [{ table: 'Elsewhere', key: key('x') }],
    });
    expect(foreign.error?.message).toMatch(/Elsewhere/);
    const empty = await invoke({ operation: 'TransactGetItems', transactItems: [] });
    expect(empty.error?.message).toMatch(/non-empty/);
  });
});
