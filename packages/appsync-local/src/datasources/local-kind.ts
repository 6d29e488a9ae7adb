/**
 * What a data-source kind's local side is (the registry, local.ts, maps each kind to one), in a module
 * of its own so that a kind never imports the registry.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { AsyncInvocations, LocalFunction } from './lambda/data-source.ts';
import type { DynamoDbWire } from './dynamodb/wire.ts';
import type { LocalPrincipals } from '../runtime/auth/principals.ts';
import type { DynamoDbRequestEvent } from './dynamodb/data-source.ts';
import type { DataSourceInvoker } from '../runtime/types.ts';
import type { DataSource, TableDefinition, TableNameRef } from 'appsync-cloud';

export interface LocalContext {
  /** The project root: the wiring's handler paths are relative to it. */
  root: string;
  /** The project's state folder (the local DynamoDB credential). */
  stateDir: string;
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
  /** The runtime's asynchronous Lambda invocations, awaited by its `settled()`. */
  asyncInvocations: AsyncInvocations;
  /**
   * Variables every local function gets besides its declared ones: the local services' endpoints
   * (AWS_ENDPOINT_URL_SESV2, AWS_ENDPOINT_URL_SCHEDULER) once they listen, and the caller's settings
   * for the function named (`functionEnvironment`).
   */
  extraEnvironment(functionName: string): Record<string, string>;
  /** The local functions (LAMBDA data sources) by name, filled as their invokers are made: a schedule's targets. */
  functions: Record<string, LocalFunction>;
}

/** One kind's entry; `S` is the kind's DataSource shape. */
export interface LocalKind<S extends DataSource> {
  /** Runs for every data source before any invoker is made (e.g. creates its table). */
  setUp?(source: S, ctx: LocalContext): Promise<void>;
  invoker(source: S, ctx: LocalContext): DataSourceInvoker;
}

/** Environment variables naming tables, resolved to their physical names. */
export function resolveTableNames(
  refs: Record<string, TableNameRef>,
  tableNames: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(Object.entries(refs).map(([name, ref]) => [name, tableNames[ref.tableNameOf]]));
}
