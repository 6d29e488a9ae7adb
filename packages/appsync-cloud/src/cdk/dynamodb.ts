import type { DataSourceOf } from '../wiring.ts';
import type { CloudKind } from './data-source-kind.ts';

export const dynamoDbCloud: CloudKind<DataSourceOf<'DYNAMODB'>> = {
  setUp(source, ctx) {
    ctx.tables.set(source.name, ctx.tableFor(source.table));
  },
  add(source, ctx) {
    return ctx.api.addDynamoDbDataSource(source.name, ctx.tables.get(source.name)!, { name: source.name });
  },
};
