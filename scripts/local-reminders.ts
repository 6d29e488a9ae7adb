/**
 * What `npm start` and the tests give the local runtime for reminders: the unsubscribe function behind
 * a local function URL, the settings the cloud stack gives the two functions (amplify/backend.ts), and
 * the schedules rebuilt from the table at start.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { LocalAppSync, LocalAppSyncOptions } from 'appsync-local';
import { EVENT, type EventItem } from '@pickem/domain/entities/event';
import { REMINDER_LEADS } from '@pickem/domain/entities/reminder';
import type { ReminderRequest } from '@pickem/domain/reminders';
import { queryAll, queryInput } from '../amplify/functions/score-event/query.ts';
import { remindersSource, unsubscribeFunction } from '../amplify/data/wiring.ts';

export const LOCAL_SENDER = "Pick'Em <reminders@pickem.local>";

export function localReminderOptions(opts: {
  /** The web app's address (read at each call: `npm start` knows it once the app listens). */
  appUrl: string | (() => string);
  unsubscribeKey: string;
  /** The SES sending rate the function plans and paces its sends to (give the local SES the same); default unpaced. */
  sendRate?: number;
  /** The longest one run of a send sends for, in seconds (the cloud's: two thirds of the function's timeout). */
  runSeconds?: number;
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
        ...(opts.sendRate ? { SES_SEND_RATE: String(opts.sendRate) } : {}),
        ...(opts.runSeconds ? { REMINDER_RUN_SECONDS: String(opts.runSeconds) } : {}),
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

/**
 * Schedules are derived state: the local scheduler keeps them in a file that can be lost or corrupt,
 * so at start every upcoming event's schedules are placed again from the table, by the reminder
 * function's own `schedule` request (the one createEvent and updateEvent make). A lead whose moment
 * passed while the stack was stopped, before the bell, is sent now, late, as a kept schedule that fell
 * due meanwhile fires at start: the function's sent marks keep every reminder to once, whichever of the
 * two reaches a player first. Answers how many events it placed again.
 */
export async function rebuildReminderSchedules(
  app: Pick<LocalAppSync, 'invoke'>,
  dynamo: DynamoDBClient,
  tableName: string,
  now = Date.now(),
): Promise<number> {
  const yesterday = new Date(now - 86_400_000).toISOString().slice(0, 10);
  const items = await queryAll(dynamo, queryInput(tableName, EVENT.from(yesterday)));
  const upcoming = (items as unknown as EventItem[]).filter((e) => e.state === 'UPCOMING' && e.startsAtMs > now);
  for (const event of upcoming) {
    const place: ReminderRequest = { action: 'schedule', eventId: event.id };
    app.invoke(remindersSource.name, place);
    for (const minutesBefore of REMINDER_LEADS) {
      if (event.startsAtMs - minutesBefore * 60_000 > now) continue;
      const late: ReminderRequest = { action: 'send', eventId: event.id, minutesBefore, startsAt: event.startsAt };
      app.invoke(remindersSource.name, late);
    }
  }
  return upcoming.length;
}
