/** The local runtime's side of each data-source kind (see kinds.ts). Loads no CDK code. */
import { type DataSource, type DataSourceKind, type DataSourceOf, entryFor } from 'appsync-cloud';
import { dynamoDbLocal } from './dynamodb/local.ts';
import { lambdaLocal } from './lambda/local.ts';
import type { LocalKind } from './local-kind.ts';
import { noneLocal } from './none/local.ts';

const localKinds = {
  DYNAMODB: dynamoDbLocal,
  NONE: noneLocal,
  LAMBDA: lambdaLocal,
} satisfies { [K in DataSourceKind]: LocalKind<DataSourceOf<K>> };

export function localKindOf(source: DataSource): LocalKind<DataSource> {
  return entryFor<LocalKind<DataSource>>(localKinds, source, 'local runtime');
}
