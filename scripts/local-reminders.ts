/**
 * What `npm start` and the tests give the local runtime for reminders: the unsubscribe function behind
 * a local function URL, and the settings the cloud stack gives the two functions (amplify/backend.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LocalAppSyncOptions } from 'appsync-local';
import { unsubscribeFunction } from '../amplify/data/wiring.ts';

export const LOCAL_SENDER = "Pick'Em <reminders@pickem.local>";

export function localReminderOptions(opts: {
  /** The web app's address (read at each call: `npm start` knows it once the app listens). */
  appUrl: string | (() => string);
  unsubscribeKey: string;
}): Pick<LocalAppSyncOptions, 'functionUrls' | 'functionEnvironment'> {
  return {
    functionUrls: [unsubscribeFunction],
    functionEnvironment: ({ functionUrls }) => ({
      ReminderFunction: {
        APP_URL: typeof opts.appUrl === 'function' ? opts.appUrl() : opts.appUrl,
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

/** The local unsubscribe key, kept in the state folder so that links of earlier runs keep working. */
export function localUnsubscribeKey(stateDir: string): string {
  const file = path.join(stateDir, 'unsubscribe-key');
  if (!existsSync(file)) {
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}
