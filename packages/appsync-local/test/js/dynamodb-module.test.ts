/**
 * `@aws-appsync/utils/dynamodb` helpers. Update expressions follow AWS's evaluated output (the
 * runtime reference notes and js-aws-appsync-resolver-reference-dynamodb-updateitem.html); the naming
 * of key conditions and projections is our guess where AWS gives no example.
 */
import { describe, expect, it } from 'vitest';
import { evalInSandbox, runRequest } from './helpers.ts';

describe('dynamodb module', () => {
  it('update with increment matches AWS', () => {
    expect(evalInSandbox(`ddb.update({ key: { id: "t" }, update: { age: ddb.operations.increment(10) } })`)).toEqual({
      operation: 'UpdateItem',
      key: { id: { S: 't' } },
      update: {
        expression: 'SET #expName_1 = #expName_1 + :expValue_1',
        expressionNames: { '#expName_1': 'age' },
        expressionValues: { ':expValue_1': { N: 10 } },
      },
    });
  });

  it('update sets plain values in order and nulls as NULL, decrements, removes, appends', () => {
    expect(
      evalInSandbox(`ddb.update({
        key: { id: "t" },
        update: { name: "Toni", bio: null, count: ddb.operations.decrement(), old: ddb.operations.remove(),
                  tags: ddb.operations.append(["a"]), first: ddb.operations.prepend(["z"]),
                  list: ddb.operations.updateListItem("v", 2), address: { city: "Paris" } },
        condition: { id: { attributeExists: true } },
      })`),
    ).toEqual({
      operation: 'UpdateItem',
      key: { id: { S: 't' } },
      update: {
        expression:
          'SET #expName_1 = :expValue_1, #expName_2 = :expValue_2, #expName_3 = #expName_3 - :expValue_3, ' +
          '#expName_5 = list_append(#expName_5, :expValue_4), #expName_6 = list_append(:expValue_5, #expName_6), ' +
          '#expName_7[2] = :expValue_6, #expName_8.#expName_9 = :expValue_7 REMOVE #expName_4',
        expressionNames: {
          '#expName_1': 'name',
          '#expName_2': 'bio',
          '#expName_3': 'count',
          '#expName_4': 'old',
          '#expName_5': 'tags',
          '#expName_6': 'first',
          '#expName_7': 'list',
          '#expName_8': 'address',
          '#expName_9': 'city',
        },
        expressionValues: {
          ':expValue_1': { S: 'Toni' },
          ':expValue_2': { NULL: null },
          ':expValue_3': { N: 1 },
          ':expValue_4': { L: [{ S: 'a' }] },
          ':expValue_5': { L: [{ S: 'z' }] },
          ':expValue_6': { S: 'v' },
          ':expValue_7': { S: 'Paris' },
        },
      },
      condition: { expression: '(attribute_exists(#id))', expressionNames: { '#id': 'id' } },
    });
  });

  it("update with a list of operations.updateListItem sets those items (the pattern @aws-appsync/utils' type definitions document)", () => {
    expect(
      evalInSandbox(
        `ddb.update({ key: { id: 1 }, update: { friendsIds: [ddb.operations.updateListItem('102', 1), ddb.operations.updateListItem('112', 2)] } })`,
      ),
    ).toEqual({
      operation: 'UpdateItem',
      key: { id: { N: 1 } },
      update: {
        expression: 'SET #expName_1[1] = :expValue_1, #expName_1[2] = :expValue_2',
        expressionNames: { '#expName_1': 'friendsIds' },
        expressionValues: { ':expValue_1': { S: '102' }, ':expValue_2': { S: '112' } },
      },
    });
  });

  it('update refuses a list mixing updateListItem with values instead of writing the helper objects', () => {
    const out = runRequest(
      "return update({ key: { id: 1 }, update: { xs: [operations.updateListItem('a', 0), 'b'] } });",
      undefined,
      "import { update, operations } from '@aws-appsync/utils/dynamodb';",
    );
    expect(out.error).toMatchObject({
      errorType: 'Code',
      message: expect.stringMatching(/may only hold operations\.updateListItem/),
    });
  });

  it('get, put, remove', () => {
    expect(evalInSandbox(`ddb.get({ key: { id: 1 }, consistentRead: true, projection: ["id", "a.b[1]"] })`)).toEqual({
      operation: 'GetItem',
      key: { id: { N: 1 } },
      consistentRead: true,
      projection: {
        expression: '#projection_0, #projection_1.#projection_2[1]',
        expressionNames: { '#projection_0': 'id', '#projection_1': 'a', '#projection_2': 'b' },
      },
    });
    expect(
      evalInSandbox(
        `ddb.put({ key: { id: "1" }, item: { title: "x", n: 2 }, condition: { id: { attributeExists: false } } })`,
      ),
    ).toEqual({
      operation: 'PutItem',
      key: { id: { S: '1' } },
      attributeValues: { title: { S: 'x' }, n: { N: 2 } },
      condition: { expression: '(attribute_not_exists(#id))', expressionNames: { '#id': 'id' } },
    });
    expect(evalInSandbox(`ddb.remove({ key: { id: "1" } })`)).toEqual({
      operation: 'DeleteItem',
      key: { id: { S: '1' } },
    });
  });

  it('query and scan', () => {
    expect(
      evalInSandbox(`ddb.query({ query: { PK: { eq: "E#1" }, SK: { beginsWith: "P#" } }, index: "GSI", limit: 5,
        scanIndexForward: false, nextToken: "tok", filter: { done: { eq: true } } })`),
    ).toEqual({
      operation: 'Query',
      query: {
        expression: '#PK = :PK_eq AND begins_with(#SK, :SK_beginsWith)',
        expressionNames: { '#PK': 'PK', '#SK': 'SK' },
        expressionValues: { ':PK_eq': { S: 'E#1' }, ':SK_beginsWith': { S: 'P#' } },
      },
      index: 'GSI',
      limit: 5,
      scanIndexForward: false,
      nextToken: 'tok',
      filter: {
        expression: '(#done = :done_eq)',
        expressionNames: { '#done': 'done' },
        expressionValues: { ':done_eq': { BOOL: true } },
      },
    });
    expect(evalInSandbox(`ddb.scan({ limit: 2 })`)).toEqual({ operation: 'Scan', limit: 2 });
  });

  it('batch and transact helpers', () => {
    expect(evalInSandbox(`ddb.batchGet({ tables: { T: { keys: [{ id: "1" }], consistentRead: true } } })`)).toEqual({
      operation: 'BatchGetItem',
      tables: { T: { keys: [{ id: { S: '1' } }], consistentRead: true } },
    });
    expect(evalInSandbox(`ddb.batchPut({ tables: { T: [{ id: "1", v: 1 }] } })`)).toEqual({
      operation: 'BatchPutItem',
      tables: { T: [{ id: { S: '1' }, v: { N: 1 } }] },
    });
    expect(evalInSandbox(`ddb.batchDelete({ tables: { T: [{ id: "1" }] } })`)).toEqual({
      operation: 'BatchDeleteItem',
      tables: { T: [{ id: { S: '1' } }] },
    });
    expect(evalInSandbox(`ddb.transactGet({ items: [{ table: "T", key: { id: "1" } }] })`)).toEqual({
      operation: 'TransactGetItems',
      transactItems: [{ table: 'T', key: { id: { S: '1' } } }],
    });
    expect(
      evalInSandbox(`ddb.transactWrite({ items: [
        { putItem: { table: "T", key: { id: "1" }, item: { v: 1 } } },
        { updateItem: { table: "T", key: { id: "2" }, update: { v: ddb.operations.increment(1) } } },
        { deleteItem: { table: "T", key: { id: "3" } } },
        { conditionCheck: { table: "T", key: { id: "4" }, condition: { v: { gt: 0 } } } },
      ] })`),
    ).toEqual({
      operation: 'TransactWriteItems',
      transactItems: [
        { table: 'T', operation: 'PutItem', key: { id: { S: '1' } }, attributeValues: { v: { N: 1 } } },
        {
          table: 'T',
          operation: 'UpdateItem',
          key: { id: { S: '2' } },
          update: {
            expression: 'SET #expName_1 = #expName_1 + :expValue_1',
            expressionNames: { '#expName_1': 'v' },
            expressionValues: { ':expValue_1': { N: 1 } },
          },
        },
        { table: 'T', operation: 'DeleteItem', key: { id: { S: '3' } } },
        {
          table: 'T',
          operation: 'ConditionCheck',
          key: { id: { S: '4' } },
          condition: {
            expression: '(#v > :v_gt)',
            expressionNames: { '#v': 'v' },
            expressionValues: { ':v_gt': { N: 0 } },
          },
        },
      ],
    });
  });

  it('set helpers (type definitions of @aws-appsync/utils/dynamodb)', () => {
    expect(
      evalInSandbox(`[ddb.toStringSet(["a", "b"]), ddb.toNumberSet([1, 2]), ddb.toBinarySet(["SGVsbG8="])]`),
    ).toEqual([{ SS: ['a', 'b'] }, { NS: ['1', '2'] }, { BS: ['SGVsbG8='] }]);
  });
});
