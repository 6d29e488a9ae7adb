/**
 * A request DynamoDB refuses reaches ctx.error with AppSync's message: DynamoDB's text, then
 * "(Service: DynamoDb, Status Code: 400, Request ID: ...)" (aws/aws-appsync-community#343).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceInvoker } from '../../src/runtime/types.ts';
import { testContext } from '../../testing/context.ts';
import { createTestTable, testDataSource } from '../../testing/dynamodb.ts';

let ds: DataSourceInvoker;
const key = { PK: { S: 'ERR#1' }, SK: { S: 'META' } };

beforeAll(async () => {
  ds = testDataSource((await createTestTable()).tableName);
  await ds.invoke({ operation: 'PutItem', key, attributeValues: { n: { N: 1 } } }, testContext());
});

describe('DynamoDB error messages in ctx.error', () => {
  it('a failed condition carries the service, status code and request id', async () => {
    const outcome = await ds.invoke(
      {
        operation: 'PutItem',
        key,
        attributeValues: { n: { N: 2 } },
        condition: { expression: 'attribute_not_exists(PK)' },
      },
      testContext(),
    );
    expect(outcome.error?.type).toBe('DynamoDB:ConditionalCheckFailedException');
    expect(outcome.error?.message).toMatch(
      /^The conditional request failed \(Service: DynamoDb, Status Code: 400, Request ID: [A-Za-z0-9-]+\)$/,
    );
  });

  it('a request the data source refuses itself has no service suffix', async () => {
    const outcome = await ds.invoke({ operation: 'Nope' }, testContext());
    expect(outcome.error?.message).not.toMatch(/Service: DynamoDb/);
  });
});
