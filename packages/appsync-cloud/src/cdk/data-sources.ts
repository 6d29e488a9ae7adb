/** The cloud stack's side of each data-source kind (see kinds.ts): CDK constructs. */
import type { DataSource, DataSourceKind, DataSourceOf } from '../wiring.ts';
import type { CloudKind } from './data-source-kind.ts';
import { dynamoDbCloud } from './dynamodb.ts';
import { entryFor } from '../kinds.ts';
import { lambdaCloud } from './lambda.ts';
import { noneCloud } from './none.ts';

const cloudKinds = {
  DYNAMODB: dynamoDbCloud,
  NONE: noneCloud,
  LAMBDA: lambdaCloud,
} satisfies { [K in DataSourceKind]: CloudKind<DataSourceOf<K>> };

export function cloudKindOf(source: DataSource): CloudKind<DataSource> {
  return entryFor<CloudKind<DataSource>>(cloudKinds, source, 'cloud stack');
}
