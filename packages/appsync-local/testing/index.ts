/** `appsync-local/testing`: helpers for vitest suites run with ./global-setup.ts (one DynamoDB Local per run). */
export { createTestTable, defaultTableDefinition, dynamoEndpoint } from './dynamodb.ts';
export { projectDirs } from './project.ts';
export { signedGraphql, signedPost, type Credentials, type SignedAnswer } from './sigv4-post.ts';
export { iamSchemaFile, iamWiring, relaySource } from './iam-api/wiring.ts';
export { rawRequest, type RawAnswer, type RawOptions } from './raw-http.ts';
export { fuzzListener, requestArbitrary, type FuzzOptions, type FuzzReport } from './fuzz-http.ts';
