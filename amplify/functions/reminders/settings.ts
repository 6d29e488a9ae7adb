/**
 * The reminder function's settings, from its environment: the cloud stack sets them
 * (amplify/backend.ts), `npm start` and the tests through the local runtime's `functionEnvironment`.
 */
import { unsubscribeKey } from './unsubscribe-key.ts';

export interface ReminderSettings {
  tableName: string;
  /** The web app's address; an event opens at `<appUrl>/#/event/<id>`. */
  appUrl: string;
  /** The From address: an identity verified in SES. */
  sender: string;
  /** Where a one-click unsubscribe is POSTed (the token is added as `?token=`). */
  unsubscribeUrl: string;
  /** The key of the unsubscribe tokens (unsubscribe-key.ts). */
  unsubscribeKey: string;
  /** Emails a second at most (SES_SEND_RATE: the account's SES sending rate); null: unpaced (locally). */
  sendRate: number | null;
  /** The longest one run of a send sends for (REMINDER_RUN_SECONDS; default plan.ts's, for a 15-minute function). */
  runMs: number | undefined;
  /** The schedule group of the event schedules, and the role they invoke the function with. */
  scheduleGroup: string;
  schedulerRoleArn: string;
}

export async function settingsFromEnvironment(env: NodeJS.ProcessEnv = process.env): Promise<ReminderSettings> {
  const need = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`The reminder function needs the environment variable ${name}`);
    return value;
  };
  return {
    tableName: need('TABLE_NAME'),
    appUrl: need('APP_URL').replace(/\/+$/, ''),
    sender: need('REMINDER_SENDER'),
    unsubscribeUrl: need('UNSUBSCRIBE_URL'),
    unsubscribeKey: await unsubscribeKey(env),
    sendRate: Number(env.SES_SEND_RATE) > 0 ? Number(env.SES_SEND_RATE) : null,
    runMs: Number(env.REMINDER_RUN_SECONDS) > 0 ? Number(env.REMINDER_RUN_SECONDS) * 1000 : undefined,
    scheduleGroup: env.SCHEDULE_GROUP || 'default',
    schedulerRoleArn: need('SCHEDULER_ROLE_ARN'),
  };
}
