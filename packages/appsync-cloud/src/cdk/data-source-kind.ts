/**
 * What a data-source kind's cloud side is (the registry, data-sources.ts, maps each kind to one), in a module
 * of its own so that a kind never imports the registry.
 */
import type { BaseDataSource, GraphqlApi } from 'aws-cdk-lib/aws-appsync';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { DataSource, TableDefinition } from '../wiring.ts';

/** A deployed function that can back a LAMBDA data source (an Amplify `defineFunction` resource fits). */
export interface LambdaTarget {
  resources: { lambda: IFunction };
  addEnvironment(key: string, value: string): void;
}

export interface CloudContext {
  /** The construct that owns the API's resources. */
  scope: Construct;
  api: GraphqlApi;
  /** The table of a definition, made on first use: data sources naming one definition share it. */
  tableFor(definition: TableDefinition): Table;
  /** Table of each DynamoDB data source, by name: filled by the set-up phase. */
  tables: Map<string, Table>;
  /** The function for each LAMBDA data source, keyed by the data source's `handler` path. */
  lambdas: Record<string, LambdaTarget>;
}

/** One kind's entry; `S` is the kind's DataSource shape. */
export interface CloudKind<S extends DataSource> {
  /** Runs for every data source before any data source is added (e.g. makes its table). */
  setUp?(source: S, ctx: CloudContext): void;
  add(source: S, ctx: CloudContext): BaseDataSource;
}
