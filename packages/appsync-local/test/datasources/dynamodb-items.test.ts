import { beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDbRequestEvent } from '../../src/datasources/dynamodb/data-source.ts';
import type { DataSourceInvoker } from '../../src/runtime/types.ts';
import { testContext } from '../../testing/context.ts';
import { createTestTable, testDataSource } from '../../testing/dynamodb.ts';

let ds: DataSourceInvoker;
const events: DynamoDbRequestEvent[] = [];
const invoke = (request: unknown) => ds.invoke(request, testContext());
const key = (pk: string, sk: string) => ({ PK: { S: pk }, SK: { S: sk } });

beforeAll(async () => {
  ds = testDataSource((await createTestTable()).tableName, (e) => events.push(e));
});

describe('PutItem and GetItem', () => {
  it('writes typed values with JSON numbers and reads them back as plain JSON', async () => {
    const put = await invoke({
      operation: 'PutItem',
      key: key('USER#1', 'PROFILE'),
      attributeValues: {
        name: { S: 'Rey' },
        score: { N: 42 },
        ratio: { N: '1.5' },
        active: { BOOL: true },
        nothing: { NULL: null },
        tags: { L: [{ S: 'a' }, { N: 2 }] },
        nested: { M: { x: { N: 1 } } },
        set: { SS: ['b', 'a'] },
        nums: { NS: [3, 4] },
        blob: { B: Buffer.from('hi').toString('base64') },
      },
    });
    expect(put.error).toBeNull();
    expect(put.result).toMatchObject({ PK: 'USER#1', SK: 'PROFILE', name: 'Rey', score: 42, ratio: 1.5 });

    const got = await invoke({ operation: 'GetItem', key: key('USER#1', 'PROFILE'), consistentRead: true });
    expect(got.error).toBeNull();
    const item = got.result as Record<string, unknown>;
    expect(item).toMatchObject({
      PK: 'USER#1',
      name: 'Rey',
      score: 42,
      ratio: 1.5,
      active: true,
      nothing: null,
      tags: ['a', 2],
      nested: { x: 1 },
      blob: Buffer.from('hi').toString('base64'),
    });
    expect([...(item.set as string[])].sort()).toEqual(['a', 'b']);
    expect([...(item.nums as number[])].sort()).toEqual([3, 4]);
  });

  it('gives null for a missing item, and applies a projection', async () => {
    const missing = await invoke({ operation: 'GetItem', key: key('USER#none', 'PROFILE') });
    expect(missing).toEqual({ result: null, error: null });

    const projected = await invoke({
      operation: 'GetItem',
      key: key('USER#1', 'PROFILE'),
      projection: { expression: '#n, score', expressionNames: { '#n': 'name' } },
    });
    expect(projected.result).toEqual({ name: 'Rey', score: 42 });
  });

  it('reports read capacity and item counts to the observer', async () => {
    events.length = 0;
    await invoke({ operation: 'GetItem', key: key('USER#1', 'PROFILE'), consistentRead: true });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ operation: 'GetItem', itemsRead: 1, itemsReturned: 1, consumedWcu: 0 });
    expect(events[0].consumedRcu).toBeGreaterThan(0);
  });

  it('fails a condition with DynamoDB:ConditionalCheckFailedException in ctx.error', async () => {
    const outcome = await invoke({
      operation: 'PutItem',
      key: key('USER#1', 'PROFILE'),
      attributeValues: { name: { S: 'Other' } },
      condition: { expression: 'attribute_not_exists(PK)' },
    });
    expect(outcome.result).toBeNull();
    expect(outcome.error?.type).toBe('DynamoDB:ConditionalCheckFailedException');
    expect(outcome.error?.message).toMatch(/conditional request failed/i);
    const still = await invoke({ operation: 'GetItem', key: key('USER#1', 'PROFILE') });
    expect((still.result as { name: string }).name).toBe('Rey');
  });

  it('treats a failed condition as success when the stored item already equals the one written (equalsIgnore)', async () => {
    await invoke({ operation: 'PutItem', key: key('V#1', 'A'), attributeValues: { v: { N: 1 }, at: { S: 't1' } } });
    const same = await invoke({
      operation: 'PutItem',
      key: key('V#1', 'A'),
      attributeValues: { v: { N: 1 }, at: { S: 't2' } },
      condition: { expression: 'attribute_not_exists(PK)', equalsIgnore: ['at'] },
    });
    expect(same.error).toBeNull();
    expect(same.result).toEqual({ PK: 'V#1', SK: 'A', v: 1, at: 't1' });

    const different = await invoke({
      operation: 'PutItem',
      key: key('V#1', 'A'),
      attributeValues: { v: { N: 2 }, at: { S: 't2' } },
      condition: { expression: 'attribute_not_exists(PK)', equalsIgnore: ['at'] },
    });
    expect(different.error?.type).toBe('DynamoDB:ConditionalCheckFailedException');
  });

  it('rejects a Custom conditionalCheckFailedHandler clearly', async () => {
    const outcome = await invoke({
      operation: 'PutItem',
      key: key('V#2', 'A'),
      condition: {
        expression: 'attribute_not_exists(PK)',
        conditionalCheckFailedHandler: { strategy: 'Custom', lambdaArn: 'arn' },
      },
    });
    expect(outcome.error?.message).toMatch(/Custom/);
  });
});

describe('UpdateItem and DeleteItem', () => {
  it('updates with merged update and condition expressions and returns the new item', async () => {
    await invoke({ operation: 'PutItem', key: key('C#1', 'COUNTER'), attributeValues: { n: { N: 1 } } });
    const updated = await invoke({
      operation: 'UpdateItem',
      key: key('C#1', 'COUNTER'),
      update: {
        expression: 'SET #n = #n + :inc, label = :label',
        expressionNames: { '#n': 'n' },
        expressionValues: { ':inc': { N: 5 }, ':label': { S: 'x' } },
      },
      condition: { expression: '#c < :max', expressionNames: { '#c': 'n' }, expressionValues: { ':max': { N: 100 } } },
    });
    expect(updated).toEqual({ result: { PK: 'C#1', SK: 'COUNTER', n: 6, label: 'x' }, error: null });
    expect(events.at(-1)?.consumedWcu).toBeGreaterThan(0);

    const refused = await invoke({
      operation: 'UpdateItem',
      key: key('C#1', 'COUNTER'),
      update: { expression: 'SET n = :v', expressionValues: { ':v': { N: 0 } } },
      condition: { expression: 'n > :min', expressionValues: { ':min': { N: 10 } } },
    });
    expect(refused.error?.type).toBe('DynamoDB:ConditionalCheckFailedException');
  });

  it('deletes and returns the old item; a condition on a missing item counts as done', async () => {
    const deleted = await invoke({ operation: 'DeleteItem', key: key('C#1', 'COUNTER') });
    expect(deleted.result).toMatchObject({ PK: 'C#1', n: 6 });
    const again = await invoke({
      operation: 'DeleteItem',
      key: key('C#1', 'COUNTER'),
      condition: { expression: 'attribute_exists(PK)' },
    });
    expect(again).toEqual({ result: null, error: null });
  });
});

describe('request errors', () => {
  it('turns SDK errors into DynamoDB:<name> without throwing', async () => {
    const outcome = await invoke({ operation: 'GetItem', key: { PK: { S: 'only-half' } } });
    expect(outcome.error?.type).toBe('DynamoDB:ValidationException');
    expect(outcome.result).toBeNull();
  });

  it('rejects untyped values, unknown operations and Sync with clear messages', async () => {
    const untyped = await invoke({ operation: 'GetItem', key: { PK: 'x', SK: 'y' } });
    expect(untyped.error?.message).toMatch(/typed value/);
    const unknown = await invoke({ operation: 'Frobnicate' });
    expect(unknown.error?.message).toMatch(/Unsupported operation 'Frobnicate'/);
    const sync = await invoke({ operation: 'Sync' });
    expect(sync.error?.message).toMatch(/Sync.*not supported/);
    const notObject = await invoke('GetItem');
    expect(notObject.error).not.toBeNull();
  });

  it('refuses a placeholder defined by two sections of one request, even with an equal value', async () => {
    const outcome = await invoke({
      operation: 'UpdateItem',
      key: key('DUP#1', 'ITEM'),
      update: { expression: 'SET #n = :v', expressionNames: { '#n': 'n' }, expressionValues: { ':v': { N: 1 } } },
      condition: {
        expression: 'attribute_not_exists(#m) OR #m <> :v',
        expressionNames: { '#m': 'n' },
        expressionValues: { ':v': { N: 1 } },
      },
    });
    expect(outcome.result).toBeNull();
    expect(outcome.error?.type).toBe('MappingTemplate');
    expect(outcome.error?.message).toMatch(/placeholder :v is defined in both "update" and "condition"/);
    const written = await invoke({ operation: 'GetItem', key: key('DUP#1', 'ITEM'), consistentRead: true });
    expect(written).toEqual({ result: null, error: null });

    const names = await invoke({
      operation: 'Query',
      query: { expression: '#pk = :pk', expressionNames: { '#pk': 'PK' }, expressionValues: { ':pk': { S: 'DUP#1' } } },
      filter: { expression: 'attribute_exists(#pk)', expressionNames: { '#pk': 'PK' } },
    });
    expect(names.error?.type).toBe('MappingTemplate');
    expect(names.error?.message).toMatch(/placeholder #pk is defined in both "query" and "filter"/);
  });

  it('accepts distinct placeholders across sections', async () => {
    const outcome = await invoke({
      operation: 'UpdateItem',
      key: key('DUP#2', 'ITEM'),
      update: { expression: 'SET #n = :v', expressionNames: { '#n': 'n' }, expressionValues: { ':v': { N: 1 } } },
      condition: { expression: 'attribute_not_exists(#m)', expressionNames: { '#m': 'n' } },
    });
    expect(outcome.error).toBeNull();
    expect(outcome.result).toMatchObject({ PK: 'DUP#2', n: 1 });
  });

  it('rejects a request missing its update expression', async () => {
    const outcome = await invoke({ operation: 'UpdateItem', key: key('a', 'b') });
    expect(outcome.error?.message).toMatch(/"update" is required/);
  });
});
