import path from 'node:path';
import { defineFunction } from '@aws-amplify/backend';
import { repoRoot } from '../../../appsync/bundle.ts';

/** The handler path as the wiring's LAMBDA data source names it. */
export const scoreEventHandler = 'amplify/functions/score-event/handler.ts';

export const scoreEvent = defineFunction({
  name: 'score-event',
  entry: path.join(repoRoot, scoreEventHandler),
  timeoutSeconds: 60,
  memoryMB: 512,
  // The newest Node.js runtime defineFunction offers. Tracing is set in amplify/security/functions.ts.
  runtime: 24,
  logging: { retention: '1 month' },
  // The function reads and writes the API's table: in another stack that would be a dependency cycle.
  resourceGroupName: 'data',
});
