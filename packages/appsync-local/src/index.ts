/**
 * `appsync-local`: the local runtime. Start an API from a schema and an `ApiWiring`, run DynamoDB Local
 * and cognito-local, sign local tokens, call the API, and evaluate APPSYNC_JS code as EvaluateCode does.
 * Declaring an API, deploying it and a Lambda's call to it are the `appsync-cloud` package's; test
 * helpers are `appsync-local/testing`.
 */
export {
  startLocalAppSync,
  type FunctionUrlDeclaration,
  type LocalAppSync,
  type LocalAppSyncOptions,
} from './runtime/start-local.ts';
export { prepareResolvers } from './runtime/prepare-resolvers.ts';
export type { WiringModule } from './runtime/reload/load-wiring.ts';
export { graphqlData, graphqlRequest, GraphQLRequestError, type GraphQLResponse } from './runtime/client.ts';
export { buildExplorer, EXPLORER_FILES } from './runtime/http/explorer-bundle.ts';

export {
  startDynamoDbLocal,
  QUICK_START_JAVA_OPTIONS,
  createDynamoDbClient,
  type DynamoDbLocal,
  type DynamoDbLocalOptions,
} from './runtime/process/dynamodb-local.ts';
export {
  LOCAL_REGION,
  localDynamoDbCredentials,
  localDynamoDbEnvironment,
  type LocalCredentials,
} from './runtime/process/dynamodb-credentials.ts';
export { ensureTable, TableMismatchError } from './runtime/tables.ts';
/** A project's own listener beside the runtime (a web app's server) takes the same deadlines and a capped share of the open files. */
export {
  CONNECTION_DEADLINES,
  guardFirstHeaders,
  httpTimeouts,
  type ConnectionDeadlines,
} from './runtime/io/deadlines.ts';
export { capConnections, connectionCap, openFileLimit, LISTENER_SHARES } from './runtime/io/connection-caps.ts';
export { openSockets } from './runtime/io/open-sockets.ts';
export { createDynamoDbWire, type DynamoDbWire, type WireInput } from './datasources/dynamodb/wire.ts';
export type { DynamoDbRequestEvent } from './datasources/dynamodb/data-source.ts';

export {
  LOCAL_CLIENT_ID,
  LOCAL_ISSUER,
  LOCAL_NAME,
  loadOrCreateSigningKey,
  signToken,
  subFor,
  type KeyPair,
} from './runtime/auth/jwt.ts';
export { writeSigningCredentials, type SigningCredentials } from './runtime/auth/group-principals.ts';
export { localOutputs, writeOutputs, type LocalOutputs } from './runtime/cognito/amplify-outputs.ts';
export { startCognitoLocal, type CognitoLocal } from './runtime/cognito/server.ts';
export { ensureUserPool, userPoolConfigOf, type UserPoolDeclaration } from './runtime/cognito/user-pool.ts';

export { handshakeProtocols } from './runtime/realtime/wire.ts';
export { compileCode } from './runtime/js/compile.ts';
export { contextWithDefaults, evaluateCode, type EvaluateInput, type EvaluateOutput } from './runtime/js/evaluate.ts';
