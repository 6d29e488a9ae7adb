/**
 * An AppSync GraphqlApi built from an SDL file and an ApiWiring: every data source, pipeline function
 * and resolver comes from the wiring (the same declaration the local runtime reads), with code from
 * bundleResolver. Generic: nothing here knows about any particular application.
 */
import { readFileSync } from 'node:fs';
import { Duration, Expiration, Stack } from 'aws-cdk-lib';
import {
  AppsyncFunction,
  AuthorizationType,
  Code,
  Definition,
  FieldLogLevel,
  FunctionRuntime,
  GraphqlApi,
  IntrospectionConfig,
  Resolver,
  type AuthorizationMode,
  type BaseDataSource,
} from 'aws-cdk-lib/aws-appsync';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { additionalAuthorizationTypes, type ClientAuthorizationType } from '../auth-modes.ts';
import { resolverBundler } from '../bundle.ts';
import { cloudKindOf } from './data-sources.ts';
import type { CloudContext, LambdaTarget } from './data-source-kind.ts';
import { checkWiring, parseAppSyncSchema, type ApiWiring } from '../wiring.ts';
import { createTable } from './table.ts';

export type { LambdaTarget };

export interface WiredGraphqlApiProps {
  name: string;
  /** The project root: the wiring's code paths are relative to it. */
  root: string;
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
  /** With API_KEY among the types: the key clients send for the schema's @aws_api_key fields. */
  api_key?: string;
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

    const additional = additionalAuthorizationTypes(sdl);
    this.api = new GraphqlApi(this, 'Api', {
      name: props.name,
      definition: Definition.fromFile(props.schemaFile),
      authorizationConfig: {
        defaultAuthorization: {
          authorizationType: AuthorizationType.USER_POOL,
          userPoolConfig: { userPool: props.userPool },
        },
        additionalAuthorizationModes: additional.map(cdkAuthorizationMode),
      },
      logConfig: props.logging,
      ...(wiring.limits
        ? {
            queryDepthLimit: wiring.limits.queryDepth,
            resolverCountLimit: wiring.limits.resolverCount,
            introspectionConfig: wiring.limits.introspection
              ? IntrospectionConfig.ENABLED
              : IntrospectionConfig.DISABLED,
          }
        : {}),
    });

    // One table per table definition, shared by the data sources that name it.
    const tablesByDefinition = new Map<string, Table>();
    const ctx: CloudContext = {
      scope: this,
      api: this.api,
      tables: this.tables,
      lambdas: props.lambdas,
      tableFor: (definition) => {
        let table = tablesByDefinition.get(definition.name);
        if (!table) {
          table = createTable(this, definition, { sandbox: props.sandbox });
          tablesByDefinition.set(definition.name, table);
        }
        return table;
      },
    };
    for (const source of wiring.dataSources) cloudKindOf(source).setUp?.(source, ctx);
    const dataSources = new Map<string, BaseDataSource>();
    for (const source of wiring.dataSources) dataSources.set(source.name, cloudKindOf(source).add(source, ctx));

    for (const [key, ref] of Object.entries(wiring.environment))
      this.api.addEnvironmentVariable(key, this.tables.get(ref.tableNameOf)!.tableName);

    const { bundleResolver } = resolverBundler(props.root);
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
      ...(this.api.apiKey ? { api_key: this.api.apiKey } : {}),
    };
  }
}

function cdkAuthorizationMode(type: ClientAuthorizationType): AuthorizationMode {
  if (type === 'AWS_IAM') return { authorizationType: AuthorizationType.IAM };
  // A key lasts at most 365 days; each deployment sets its expiry a year on again (CDK's Expiration.after).
  if (type === 'API_KEY')
    return {
      authorizationType: AuthorizationType.API_KEY,
      apiKeyConfig: {
        description: 'The @aws_api_key fields: reads for signed-out guests',
        expires: Expiration.after(Duration.days(365)),
      },
    };
  throw new Error(
    `the schema uses authorization mode ${type}; this stack configures only Cognito user pools, IAM and API keys`,
  );
}

export { FieldLogLevel, RetentionDays };
