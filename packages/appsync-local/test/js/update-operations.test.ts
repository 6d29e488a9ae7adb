/**
 * `update` with every `operations.*` helper, end to end: the request the sandbox builds (expressions as in
 * js-aws-appsync-resolver-reference-dynamodb-updateitem.html) and what DynamoDB Local makes of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceInvoker } from '../../src/runtime/types.ts';
import { testContext } from '../../testing/context.ts';
import { createTestTable, testDataSource } from '../../testing/dynamodb.ts';
import { evalInSandbox } from './helpers.ts';

let ds: DataSourceInvoker;
const invoke = (request: unknown) => ds.invoke(request, testContext());
const key = { PK: 'OPS#1', SK: 'ITEM' };

beforeAll(async () => {
  ds = testDataSource((await createTestTable()).tableName);
});

describe('update with operations.*', () => {
  it('builds one UpdateItem expression from every operation, and DynamoDB applies it', async () => {
    const put = await invoke(
      evalInSandbox(`ddb.put({ key: ${JSON.stringify(key)}, item: {
      up: 5, down: 5, tags: ["b"], first: ["y"], list: ["a", "b", "c"], gone: "x", swap: "old", address: { city: "Lyon" } } })`),
    );
    expect(put.error).toBeNull();

    const request = evalInSandbox(`ddb.update({ key: ${JSON.stringify(key)}, update: {
      up: ddb.operations.increment(10), down: ddb.operations.decrement(2), tags: ddb.operations.append(["c"]),
      first: ddb.operations.prepend(["x"]), list: [ddb.operations.updateListItem("B", 1), ddb.operations.updateListItem("C", 2)],
      gone: ddb.operations.remove(), added: ddb.operations.add(1), swap: ddb.operations.replace({ a: 10 }),
      address: { city: "Paris" } } })`);
    expect(request).toEqual({
      operation: 'UpdateItem',
      key: { PK: { S: 'OPS#1' }, SK: { S: 'ITEM' } },
      update: {
        expression:
          'SET #expName_1 = #expName_1 + :expValue_1, #expName_2 = #expName_2 - :expValue_2, ' +
          '#expName_3 = list_append(#expName_3, :expValue_3), #expName_4 = list_append(:expValue_4, #expName_4), ' +
          '#expName_5[1] = :expValue_5, #expName_5[2] = :expValue_6, #expName_7 = :expValue_7, #expName_8 = :expValue_8, ' +
          '#expName_9.#expName_10 = :expValue_9 REMOVE #expName_6',
        expressionNames: {
          '#expName_1': 'up',
          '#expName_2': 'down',
          '#expName_3': 'tags',
          '#expName_4': 'first',
          '#expName_5': 'list',
          '#expName_6': 'gone',
          '#expName_7': 'added',
          '#expName_8': 'swap',
          '#expName_9': 'address',
          '#expName_10': 'city',
        },
        expressionValues: {
          ':expValue_1': { N: 10 },
          ':expValue_2': { N: 2 },
          ':expValue_3': { L: [{ S: 'c' }] },
          ':expValue_4': { L: [{ S: 'x' }] },
          ':expValue_5': { S: 'B' },
          ':expValue_6': { S: 'C' },
          ':expValue_7': { N: 1 },
          ':expValue_8': { M: { a: { N: 10 } } },
          ':expValue_9': { S: 'Paris' },
        },
      },
    });

    const updated = await invoke(request);
    expect(updated.error).toBeNull();
    const after = {
      ...key,
      up: 15,
      down: 3,
      tags: ['b', 'c'],
      first: ['x', 'y'],
      list: ['a', 'B', 'C'],
      added: 1,
      swap: { a: 10 },
      address: { city: 'Paris' },
    };
    expect(updated.result).toEqual(after);
    expect(
      (await invoke(evalInSandbox(`ddb.get({ key: ${JSON.stringify(key)}, consistentRead: true })`))).result,
    ).toEqual(after);
  });
});
