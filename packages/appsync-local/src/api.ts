/**
 * `appsync-local/api`: declaring an AppSync API and building its code, read by the local runtime and the
 * cloud stack alike (the wiring, the resolvers' bundler, AppSync's limits, auth modes, IAM group grants,
 * the schema prelude). No runtime in here.
 */
export {
  checkWiring,
  parseAppSyncSchema,
  wireApi,
  wiringSources,
  type ApiDeclaration,
  type ApiWiring,
  type DataSource,
  type DataSourceKind,
  type DataSourceOf,
  type PipelineFunction,
  type ResolverDeclaration,
  type TableDefinition,
  type TableNameRef,
} from './wiring.ts';
export { bundlePath, resolverBundler, type ResolverBundle, type ResolverBundler } from './bundle.ts';
export { MAX_CODE_CHARS, MAX_SUBSCRIPTION_MESSAGE_BYTES } from './limits.ts';
export { additionalAuthorizationTypes, type ClientAuthorizationType } from './auth-modes.ts';
export { grantedFieldsOf, type IamGroupGrant } from './group-grants.ts';
export { appsyncPrelude, appsyncScalars } from './prelude.ts';
