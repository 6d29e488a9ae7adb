/**
 * An AppSync GraphqlApi built from an SDL file and an ApiWiring: every data source, pipeline function
 * and resolver comes from the wiring (the same declaration the local runtime reads), with code from
 * bundleResolver. Generic: nothing here knows about any particular application.
 */
import { readFileSync } from 'node:fs';
import { Stack } from 'aws-cdk-lib';
import {
  AppsyncFunction,
  AuthorizationType,
  Code,
  Definition,
  FieldLogLevel,
  FunctionRuntime,
  GraphqlApi,
  Resolver,
  type AuthorizationMode,
  type BaseDataSource,
} from 'aws-cdk-lib/aws-appsync';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { bundleResolver } from '../../appsync/bundle.ts';
import { checkWiring, parseAppSyncSchema, type ApiWiring, type TableNameRef } from '../../appsync/wiring.ts';
import { createTable } from './dynamo-table.ts';
import { authorizationTypesOf, type ClientAuthorizationType } from './auth-modes.ts';

/** A deployed function that can back a LAMBDA data source (an Amplify `defineFunction` resource fits). */
export interface LambdaTarget {
  resources: { lambda: IFunction };
  addEnvironment(key: string, value: string): void;
}

export interface WiredGraphqlApiProps {
  name: string;
  /** Absolute path of the AppSync SDL schema. */
  schemaFile: string;
  wiring: ApiWiring;
  userPool: IUserPool;
  /** The function for each LAMBDA data source, keyed by the data source's `handler` path. */
  lambdas: Record<string, LambdaTarget>;
  sandbox: boolean;
  logging: { fieldLogLevel: FieldLogLevel; excludeVerboseContent: boolean; retention: RetentionDays };
}

/** The `data` section of amplify_outputs.json, as generateClient() from aws-amplify reads it. */
export interface DataClientConfig {
  url: string;
  aws_region: string;
  default_authorization_type: ClientAuthorizationType;
  authorization_types: ClientAuthorizationType[];
}

export class WiredGraphqlApi extends Construct {
  readonly api: GraphqlApi;
  /** Tables by the name of their DynamoDB data source. */
  readonly tables = new Map<string, Table>();
  readonly clientConfig: DataClientConfig;

  constructor(scope: Construct, id: string, props: WiredGraphqlApiProps) {
    super(scope, id);
    const { wiring } = props;
    const sdl = readFileSync(props.schemaFile, 'utf8');
    checkWiring(parseAppSyncSchema(sdl), wiring);

    const additional = authorizationTypesOf(sdl).filter((t) => t !== 'AMAZON_COGNITO_USER_POOLS');
    this.api = new GraphqlApi(this, 'Api', {
      name: props.name,
      definition: Definition.fromFile(props.schemaFile),
      authorizationConfig: {
        defaultAuthorization: { authorizationType: AuthorizationType.USER_POOL, userPoolConfig: { userPool: props.userPool } },
        additionalAuthorizationModes: additional.map(cdkAuthorizationMode),
      },
      logConfig: props.logging,
    });

    // One table per table definition, shared by the data sources that name it.
    const tablesByDefinition = new Map<string, Table>();
    const dataSources = new Map<string, BaseDataSource>();
    for (const source of wiring.dataSources) {
      if (source.kind === 'DYNAMODB') {
        let table = tablesByDefinition.get(source.table.name);
        if (!table) {
          table = createTable(this, source.table, { sandbox: props.sandbox });
          tablesByDefinition.set(source.table.name, table);
        }
        this.tables.set(source.name, table);
        dataSources.set(source.name, this.api.addDynamoDbDataSource(source.name, table, { name: source.name }));
      } else if (source.kind === 'NONE') {
        dataSources.set(source.name, this.api.addNoneDataSource(source.name, { name: source.name }));
      }
    }
    const tableName = (ref: TableNameRef) => this.tables.get(ref.tableNameOf)!.tableName;

    for (const source of wiring.dataSources) {
      if (source.kind !== 'LAMBDA') continue;
      const target = props.lambdas[source.handler];
      if (!target) {
        throw new Error(
          `Lambda data source "${source.name}" runs ${source.handler}, but no deployed function was given for it ` +
            `(known: ${Object.keys(props.lambdas).join(', ') || 'none'})`,
        );
      }
      const lambda = target.resources.lambda;
      // A function in another nested stack that reads this stack's table makes a dependency cycle.
      if (Stack.of(lambda) !== Stack.of(this)) {
        throw new Error(`Lambda data source "${source.name}": its function must be in the API's stack ${Stack.of(this).node.path} (defineFunction resourceGroupName)`);
      }
      for (const [key, ref] of Object.entries(source.environment)) {
        target.addEnvironment(key, tableName(ref));
        this.tables.get(ref.tableNameOf)!.grantReadWriteData(lambda);
      }
      dataSources.set(source.name, this.api.addLambdaDataSource(source.name, lambda, { name: source.name }));
    }

    for (const [key, ref] of Object.entries(wiring.environment)) this.api.addEnvironmentVariable(key, tableName(ref));

    const functions = new Map<string, AppsyncFunction>();
    for (const fn of wiring.functions) {
      functions.set(
        fn.name,
        new AppsyncFunction(this, `Function${fn.name}`, {
          api: this.api,
          name: fn.name,
          dataSource: dataSources.get(fn.dataSource)!,
          runtime: FunctionRuntime.JS_1_0_0,
          code: Code.fromInline(bundleResolver(fn.code)),
        }),
      );
    }
    for (const r of wiring.resolvers) {
      const common = {
        api: this.api,
        typeName: r.typeName,
        fieldName: r.fieldName,
        runtime: FunctionRuntime.JS_1_0_0,
        code: Code.fromInline(bundleResolver(r.code)),
      };
      new Resolver(
        this,
        `Resolver${r.typeName}${r.fieldName}`,
        r.kind === 'UNIT'
          ? { ...common, dataSource: dataSources.get(r.dataSource)! }
          : { ...common, pipelineConfig: r.functions.map((name) => functions.get(name)!) },
      );
    }

    this.clientConfig = {
      url: this.api.graphqlUrl,
      aws_region: Stack.of(this).region,
      default_authorization_type: 'AMAZON_COGNITO_USER_POOLS',
      authorization_types: additional,
    };
  }
}

function cdkAuthorizationMode(type: ClientAuthorizationType): AuthorizationMode {
  if (type === 'AWS_IAM') return { authorizationType: AuthorizationType.IAM };
  throw new Error(`the schema uses authorization mode ${type}; this stack configures only Cognito user pools and IAM`);
}

export { FieldLogLevel, RetentionDays };
