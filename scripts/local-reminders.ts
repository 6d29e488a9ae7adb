/**
 * What `npm start` and the tests give the local runtime for reminders: the unsubscribe function behind
 * a local function URL, and the settings the cloud stack gives the two functions (amplify/backend.ts).
 */
import type { LocalAppSyncOptions } from 'appsync-local';
import { unsubscribeFunction } from '../amplify/data/wiring.ts';

export const LOCAL_SENDER = "Pick'Em <reminders@pickem.local>";

export function localReminderOptions(opts: {
  appUrl: string;
  unsubscribeKey: string;
}): Pick<LocalAppSyncOptions, 'functionUrls' | 'functionEnvironment'> {
  return {
    functionUrls: [unsubscribeFunction],
    functionEnvironment: ({ functionUrls }) => ({
      ReminderFunction: {
        APP_URL: opts.appUrl,
        REMINDER_SENDER: LOCAL_SENDER,
        UNSUBSCRIBE_URL: functionUrls[unsubscribeFunction.name] ?? '',
        UNSUBSCRIBE_KEY: opts.unsubscribeKey,
        // Any role: the local scheduler invokes the local function without one.
        SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/local-scheduler',
      },
      [unsubscribeFunction.name]: { UNSUBSCRIBE_KEY: opts.unsubscribeKey },
    }),
  };
}
