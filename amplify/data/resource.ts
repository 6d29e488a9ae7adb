/** The Pick'Em API: schema.graphql + the wiring, deployed as an AppSync GraphqlApi with its table. */
import path from 'node:path';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { repoRoot } from '../../project.ts';
import type { ApiWiring } from 'appsync-cloud';
import { FieldLogLevel, RetentionDays, WiredGraphqlApi, type LambdaTarget } from 'appsync-cloud/cdk';
import { wiring as pickemWiring } from './wiring.ts';

export const schemaFile = path.join(repoRoot, 'schema.graphql');

/** True when the Amplify deployment engine synthesizes a personal sandbox (`ampx sandbox`). */
export function isSandbox(scope: Construct): boolean {
  return scope.node.tryGetContext('amplify-backend-type') === 'sandbox';
}

/**
 * AppSync field-level logging. PICKEM_API_LOG_LEVEL = NONE | ERROR | INFO | DEBUG | ALL (default ALL in
 * sandboxes, ERROR elsewhere); PICKEM_API_LOG_VERBOSE=true adds request/response content to the logs.
 */
export function apiLogging(sandbox: boolean, env: NodeJS.ProcessEnv = process.env) {
  const level = env.PICKEM_API_LOG_LEVEL || (sandbox ? 'ALL' : 'ERROR');
  if (!Object.values<string>(FieldLogLevel).includes(level)) {
    throw new Error(`PICKEM_API_LOG_LEVEL=${level}: expected one of ${Object.values(FieldLogLevel).join(', ')}`);
  }
  return {
    fieldLogLevel: level as FieldLogLevel,
    excludeVerboseContent: env.PICKEM_API_LOG_VERBOSE !== 'true',
    retention: sandbox ? RetentionDays.ONE_WEEK : RetentionDays.ONE_MONTH,
  };
}

export interface PickEmApiDeps {
  userPool: IUserPool;
  lambdas: Record<string, LambdaTarget>;
  /** Defaults to amplify/data/wiring.ts; tests pass others. */
  wiring?: ApiWiring;
}

export function createPickEmApi(
  scope: Construct,
  { userPool, lambdas, wiring = pickemWiring }: PickEmApiDeps,
): WiredGraphqlApi {
  const sandbox = isSandbox(scope);
  return new WiredGraphqlApi(scope, 'PickEmApi', {
    name: 'PickEm',
    root: repoRoot,
    schemaFile,
    wiring,
    userPool,
    lambdas,
    sandbox,
    logging: apiLogging(sandbox),
  });
}
