import path from 'node:path';
import { defineFunction } from '@aws-amplify/backend';
import { repoRoot } from '../../../project.ts';
import { remindersSource } from '../../data/wiring.ts';

/** The handler of the wiring's reminder data source, deployed; amplify/functions/reminders/stack.ts gives it its schedules and sender. */
export const reminders = defineFunction({
  name: 'reminders',
  entry: path.join(repoRoot, remindersSource.handler),
  // One run emails every opted-in player of one lead; at SES's assumed 50 a second (docs/deploy.md),
  // 15 minutes send 45,000: a bigger league needs a higher SES rate or runs split by shard.
  timeoutSeconds: 900,
  memoryMB: 512,
  runtime: 24,
  logging: { retention: '1 month' },
  // It reads the API's table, which lives in the data stack.
  resourceGroupName: 'data',
});
