/**
 * In-process stack construction: the wiring is checked against schema.graphql and the deployed functions,
 * and the sandbox/branch settings.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { CfnUserPool, UserPool } from 'aws-cdk-lib/aws-cognito';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiWiring, DataSource } from 'appsync-cloud';
import type { LambdaTarget } from 'appsync-cloud/cdk';
import { apiLogging, createPickEmApi } from '../../amplify/data/resource.ts';
import { wiring } from '../../amplify/data/wiring.ts';
import { TABLE } from '@pickem/domain/entities/table';
import { applySignUpPolicy } from '../../amplify/auth/resource.ts';

function newStack(name = 'Api') {
  const app = new App({ context: { 'amplify-backend-type': 'sandbox' } });
  const stack = new Stack(app, name);
  return { app, stack, userPool: new UserPool(stack, 'Pool') };
}

function lambdaIn(stack: Stack): LambdaTarget {
  const fn = new LambdaFunction(stack, 'Fn', {
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: Code.fromInline('export const handler = () => null;'),
  });
  return { resources: { lambda: fn }, addEnvironment: (k, v) => fn.addEnvironment(k, v) };
}

/** Every LAMBDA data source of the wiring backed by one function in `stack`. */
function lambdasFor(stack: Stack): Record<string, LambdaTarget> {
  const target = lambdaIn(stack);
  return Object.fromEntries(wiring.dataSources.flatMap((d) => (d.kind === 'LAMBDA' ? [[d.handler, target]] : [])));
}

const someCode = wiring.resolvers[0].code;
const someSource = wiring.dataSources[0].name;

// The real wiring in a sandbox, built once: bundling every resolver takes a few seconds.
let sandbox: Template;
beforeAll(() => {
  const { stack, userPool } = newStack();
  createPickEmApi(stack, { userPool, lambdas: lambdasFor(stack) });
  sandbox = Template.fromStack(stack);
}, 120_000);

describe('stack construction checks the wiring', () => {
  it('accepts the real wiring', () => {
    expect(sandbox.findResources('AWS::AppSync::Resolver')).not.toEqual({});
  });

  it.each<[string, Partial<ApiWiring>, RegExp]>([
    [
      'a field that does not exist',
      {
        resolvers: [
          ...wiring.resolvers,
          { typeName: 'Query', fieldName: 'noSuchField', kind: 'UNIT', dataSource: someSource, code: someCode },
        ],
      },
      /resolver Query\.noSuchField: type "Query" has no field "noSuchField"/,
    ],
    [
      'a type that does not exist',
      {
        resolvers: [
          ...wiring.resolvers,
          { typeName: 'NoSuchType', fieldName: 'x', kind: 'UNIT', dataSource: someSource, code: someCode },
        ],
      },
      /type "NoSuchType" is not an object type/,
    ],
    [
      'a data source that does not exist',
      {
        resolvers: [
          { ...wiring.resolvers[0], kind: 'UNIT', dataSource: 'NoSuchSource', code: someCode },
          ...wiring.resolvers.slice(1),
        ],
      },
      /uses data source "NoSuchSource", which does not exist/,
    ],
    [
      'a pipeline function that does not exist',
      {
        resolvers: [
          {
            typeName: 'Query',
            fieldName: wiring.resolvers[0].fieldName,
            kind: 'PIPELINE',
            code: someCode,
            functions: ['noSuchFunction'],
          },
          ...wiring.resolvers.slice(1),
        ],
      },
      /uses function "noSuchFunction", which does not exist/,
    ],
    [
      'a data source of a kind the stack does not know',
      { dataSources: [...wiring.dataSources, { name: 'Queue', kind: 'SQS' } as unknown as DataSource] },
      /data source "Queue" has kind "SQS", which is not one of DYNAMODB, NONE, LAMBDA/,
    ],
  ])('rejects a resolver for %s with a clear message', (_, change, message) => {
    const { stack, userPool } = newStack();
    expect(() =>
      createPickEmApi(stack, { userPool, lambdas: lambdasFor(stack), wiring: { ...wiring, ...change } }),
    ).toThrow(message);
  });

  it('rejects a Lambda data source with no deployed function', () => {
    const { stack, userPool } = newStack();
    const withLambda: ApiWiring = {
      ...wiring,
      dataSources: [
        ...wiring.dataSources,
        { name: 'Orphan', kind: 'LAMBDA', handler: 'amplify/functions/orphan/handler.ts', environment: {} },
      ],
    };
    expect(() => createPickEmApi(stack, { userPool, lambdas: lambdasFor(stack), wiring: withLambda })).toThrow(
      /Lambda data source "Orphan" runs amplify\/functions\/orphan\/handler\.ts, but no deployed function was given/,
    );
  });

  it('rejects a function in another stack, which would make a dependency cycle', () => {
    const { app, stack, userPool } = newStack();
    const other = lambdaIn(new Stack(app, 'Other'));
    const withLambda: ApiWiring = {
      ...wiring,
      dataSources: [
        ...wiring.dataSources,
        { name: 'Elsewhere', kind: 'LAMBDA', handler: 'elsewhere.ts', environment: {} },
      ],
    };
    expect(() =>
      createPickEmApi(stack, {
        userPool,
        lambdas: { ...lambdasFor(stack), 'elsewhere.ts': other },
        wiring: withLambda,
      }),
    ).toThrow(/Lambda data source "Elsewhere": its function must be in the API's stack/);
  });
});

describe('API logging settings', () => {
  it('defaults to ALL in sandboxes and ERROR elsewhere, and rejects unknown levels', () => {
    expect(apiLogging(true, {}).fieldLogLevel).toBe('ALL');
    expect(apiLogging(false, { PICKEM_API_LOG_LEVEL: '' }).fieldLogLevel).toBe('ERROR');
    expect(apiLogging(false, { PICKEM_API_LOG_VERBOSE: 'true' }).excludeVerboseContent).toBe(false);
    expect(() => apiLogging(false, { PICKEM_API_LOG_LEVEL: 'LOUD' })).toThrow(
      /PICKEM_API_LOG_LEVEL=LOUD: expected one of NONE, ERROR, INFO, DEBUG, ALL/,
    );
  });
});

describe('sandbox defaults', () => {
  it('lets a sandbox table be deleted with its stack, but keeps point-in-time recovery and TTL', () => {
    const tables = Object.values(sandbox.findResources('AWS::DynamoDB::Table'));
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      expect(table.DeletionPolicy).toBe('Delete');
      expect(table.Properties.DeletionProtectionEnabled).toBe(false);
      expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: TABLE.ttl, Enabled: true });
    }
  });

  it('logs every field in a sandbox', () => {
    sandbox.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      LogConfig: Match.objectLike({ FieldLogLevel: 'ALL' }),
    });
  });

  it('allows self sign-up unless PICKEM_INVITE_ONLY=true', () => {
    const pool = (env: NodeJS.ProcessEnv) => {
      const cfn = new CfnUserPool(new Stack(), 'Pool');
      applySignUpPolicy(cfn, env);
      return cfn.adminCreateUserConfig;
    };
    expect(pool({})).toBeUndefined();
    expect(pool({ PICKEM_INVITE_ONLY: 'false' })).toBeUndefined();
    expect(pool({ PICKEM_INVITE_ONLY: 'true' })).toEqual({ allowAdminCreateUserOnly: true });
  });
});
