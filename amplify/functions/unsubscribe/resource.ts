import path from 'node:path';
import { defineFunction } from '@aws-amplify/backend';
import { repoRoot } from '../../../project.ts';
import { unsubscribeFunction } from '../../data/wiring.ts';

/** The one-click unsubscribe behind its function URL (amplify/functions/reminders/stack.ts). */
export const unsubscribe = defineFunction({
  name: 'unsubscribe',
  entry: path.join(repoRoot, unsubscribeFunction.handler),
  timeoutSeconds: 10,
  memoryMB: 256,
  runtime: 24,
  logging: { retention: '1 month' },
  resourceGroupName: 'data',
});
