import path from 'node:path';
import { createLambdaDataSource, type LocalFunction } from './data-source.ts';
import { localDynamoDbEnvironment } from '../../runtime/process/dynamodb-credentials.ts';
import type { DataSourceOf } from 'appsync-cloud';
import { resolveTableNames, type LocalContext, type LocalKind } from '../local-kind.ts';

/**
 * The handler module, run in-process. Its environment: its tables' names; the DynamoDB Local endpoint,
 * region, access key and secret (the one local credential, so that it sees the tables); its own session
 * token, which makes those credentials its role's (see src/runtime/auth/principals.ts); and with
 * `callsApi`, the local GraphQL URL under `urlVariable`; and the local services' endpoints and the
 * caller's settings (`LocalContext.extraEnvironment`). Its function name (the context's, and the one a
 * local schedule's target ARN names) is the data source's name. Also runs the functions behind local
 * function URLs (`LocalAppSyncOptions.functionUrls`).
 */
export function localFunction(
  source: Pick<DataSourceOf<'LAMBDA'>, 'name' | 'handler' | 'environment' | 'callsApi'>,
  ctx: LocalContext,
): LocalFunction {
  // Every local function shares the process's environment, so only a function that calls the API gets
  // a session token (its principal): a second function setting its own token would race the first's
  // signed calls. DynamoDB Local and the local services do not read the token.
  const principal = source.callsApi ? ctx.principals.issue(source.name, source.callsApi.fields) : undefined;
  const environment = {
    ...resolveTableNames(source.environment, ctx.tableNames),
    ...localDynamoDbEnvironment(ctx.dynamoEndpoint, ctx.stateDir),
    ...(principal ? { AWS_SESSION_TOKEN: principal.sessionToken } : {}),
  };
  const callsApi = source.callsApi;
  const fn = createLambdaDataSource({
    handlerPath: path.resolve(ctx.root, source.handler),
    functionName: source.name,
    environment: () => ({
      ...ctx.extraEnvironment(source.name),
      ...environment,
      ...(callsApi ? { [callsApi.urlVariable]: ctx.apiUrl() } : {}),
    }),
    asyncInvocations: ctx.asyncInvocations,
  });
  ctx.functions[source.name] = fn;
  return fn;
}

export const lambdaLocal: LocalKind<DataSourceOf<'LAMBDA'>> = {
  invoker: localFunction,
};
