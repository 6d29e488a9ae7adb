/**
 * `appsync-cloud`: declaring an AppSync API and building its code, read by the cloud stack and by a
 * local runtime alike (the wiring, the resolvers' bundler, AppSync's limits, auth modes, IAM group
 * grants, the schema prelude). Deploying it is `appsync-cloud/cdk`; code running in a Lambda data
 * source uses `appsync-cloud/lambda`. No emulator in here.
 */
export {
  APPSYNC_DEFAULT_LIMITS,
  checkWiring,
  parseAppSyncSchema,
  wireApi,
  wiringSources,
  type ApiDeclaration,
  type ApiLimits,
  type ApiWiring,
  type DataSource,
  type DataSourceKind,
  type DataSourceOf,
  type PipelineFunction,
  type ResolverDeclaration,
  type TableDefinition,
  type TableNameRef,
} from './wiring.ts';
export {
  appsyncBuildOptions,
  bundlePath,
  resolverBundler,
  type ResolverBundle,
  type ResolverBundler,
} from './bundle.ts';
export { MAX_CODE_CHARS, MAX_SUBSCRIPTION_MESSAGE_BYTES } from './limits.ts';
export {
  additionalAuthorizationTypes,
  authModeOf,
  fieldAuthDirectives,
  groupsOf,
  type ClientAuthorizationType,
} from './auth-modes.ts';
export { grantedFieldsOf, type IamGroupGrant } from './group-grants.ts';
export { appsyncPrelude, appsyncScalars } from './prelude.ts';
export { API_URL_VARIABLE, callApi, type ApiResponse } from './calls-api.ts';
export { entryFor } from './kinds.ts';
