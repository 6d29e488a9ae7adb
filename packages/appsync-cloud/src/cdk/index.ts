/** `appsync-cloud/cdk`: the cloud side, CDK constructs built from the same `ApiWiring` the local runtime reads. */
export {
  FieldLogLevel,
  RetentionDays,
  WiredGraphqlApi,
  type DataClientConfig,
  type WiredGraphqlApiProps,
} from './wired-api.ts';
export type { LambdaTarget } from './wired-api.ts';
export { groupGrantPolicy } from './group-grant-policy.ts';
