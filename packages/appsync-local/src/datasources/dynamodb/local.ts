import { createDynamoDbDataSource } from './data-source.ts';
import { ensureTable } from '../../runtime/tables.ts';
import type { DataSourceOf } from 'appsync-cloud';
import type { LocalKind } from '../local-kind.ts';

/** A table in DynamoDB Local, created (or checked against its definition) at start. */
export const dynamoDbLocal: LocalKind<DataSourceOf<'DYNAMODB'>> = {
  async setUp(source, ctx) {
    const name = ctx.physicalName(source.table);
    ctx.tableNames[source.name] = name;
    await ensureTable(ctx.client, { ...source.table, name });
  },
  invoker(source, ctx) {
    const observer = ctx.observer;
    return createDynamoDbDataSource({
      wire: ctx.wire,
      tableName: ctx.tableNames[source.name],
      tokenKey: ctx.tokenKey,
      observer: observer ? (event) => observer(source.name, event) : undefined,
    });
  },
};
