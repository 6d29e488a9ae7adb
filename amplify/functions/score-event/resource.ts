import path from 'node:path';
import { defineFunction } from '@aws-amplify/backend';
import { repoRoot } from '../../../project.ts';
import { scoringSource } from '../../data/wiring.ts';

/** The handler of the wiring's scoring data source, deployed. */
export const scoreEvent = defineFunction({
  name: 'score-event',
  entry: path.join(repoRoot, scoringSource.handler),
  // A synchronous final pass (scoreEvent) stops at its own 20 s deadline; the asynchronous run that
  // finishes it has no deadline, and a 100,000-player pass can need minutes: Lambda's maximum.
  timeoutSeconds: 900,
  memoryMB: 512,
  // The newest Node.js runtime defineFunction offers. Tracing is set in amplify/security/functions.ts.
  runtime: 24,
  logging: { retention: '1 month' },
  // The function reads and writes the API's table: in another stack that would be a dependency cycle.
  resourceGroupName: 'data',
});
