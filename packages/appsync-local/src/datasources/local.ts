/** The local runtime's side of each data-source kind (see kinds.ts). Loads no CDK code. */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDbWire } from '../local/datasources/dynamodb-wire.ts';
import type { LocalPrincipals } from '../local/auth/principals.ts';
import type { DynamoDbRequestEvent } from '../local/datasources/dynamodb.ts';
import type { DataSourceInvoker } from '../local/types.ts';
import type { DataSource, DataSourceKind, DataSourceOf, TableDefinition, TableNameRef } from '../wiring.ts';
import { entryFor } from './kinds.ts';
import { dynamoDbLocal } from './dynamodb/local.ts';
import { lambdaLocal } from './lambda/local.ts';
import { noneLocal } from './none/local.ts';

export interface LocalContext {
  /** For set-up (creating tables). */
  client: DynamoDBClient;
  /** The data sources' calls to the same DynamoDB Local. */
  wire: DynamoDbWire;
  /** Endpoint of the DynamoDB Local that `client` and `wire` talk to. */
  dynamoEndpoint: string;
  /** Encrypts pagination tokens. */
  tokenKey: Buffer;
  /** Physical name of a declared table. */
  physicalName(table: TableDefinition): string;
  observer?: (dataSource: string, event: DynamoDbRequestEvent) => void;
  /** Physical table of each DynamoDB data source, by name: filled by the set-up phase. */
  tableNames: Record<string, string>;
  /** Issues each in-process function its own IAM credentials (the stand-in for its role). */
  principals: LocalPrincipals;
  /** The local GraphQL endpoint; throws until the server listens (its port may be chosen then). */
  apiUrl(): string;
}

/** One kind's entry; `S` is the kind's DataSource shape. */
export interface LocalKind<S extends DataSource> {
  /** Runs for every data source before any invoker is made (e.g. creates its table). */
  setUp?(source: S, ctx: LocalContext): Promise<void>;
  invoker(source: S, ctx: LocalContext): DataSourceInvoker;
}

const localKinds = {
  DYNAMODB: dynamoDbLocal,
  NONE: noneLocal,
  LAMBDA: lambdaLocal,
} satisfies { [K in DataSourceKind]: LocalKind<DataSourceOf<K>> };

export function localKindOf(source: DataSource): LocalKind<DataSource> {
  return entryFor<LocalKind<DataSource>>(localKinds, source, 'local runtime');
}

/** Environment variables naming tables, resolved to their physical names. */
export function resolveTableNames(refs: Record<string, TableNameRef>, tableNames: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(refs).map(([name, ref]) => [name, tableNames[ref.tableNameOf]]));
}
