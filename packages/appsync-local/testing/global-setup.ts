/** Starts one in-memory DynamoDB Local for the whole test run and hands its endpoint to the tests. */
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../src/runtime/process/dynamodb-local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    /** The project's folders, given by the vitest configuration's `provide` (absolute). */
    root: string;
    buildDir: string;
    stateDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // A port of its own (not 8000) so that a developer's running local API does not get in the way.
  const dynamo = await startDynamoDbLocal({
    inMemory: true,
    port: 18_000 + (process.pid % 1000),
    stateDir: project.getProvidedContext().stateDir,
  });
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return async () => {
    await dynamo.stop();
  };
}
