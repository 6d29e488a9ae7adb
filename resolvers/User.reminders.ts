import { runtime, type Context } from '@aws-appsync/utils';
import { caller } from './lib/caller';
import { raiseDataSourceError } from './lib/errors';
import { getItem } from './lib/query';
import { REMINDER, toReminderSettings, type ReminderSettingsItem } from '@pickem/domain/entities/reminder';
import type { User } from '@pickem/domain/schema-types';

type UserRemindersContext = Context<
  Record<string, never>,
  Record<string, never>,
  undefined,
  User,
  ReminderSettingsItem | null
>;

/** The caller's own settings (the defaults when never saved); null, with no read, for anyone else's. */
export function request(ctx: UserRemindersContext) {
  if (!ctx.source || ctx.source.id !== caller(ctx).sub) return runtime.earlyReturn(null);
  return getItem(REMINDER.key(ctx.source.id), true);
}

export function response(ctx: UserRemindersContext) {
  raiseDataSourceError(ctx.error);
  return toReminderSettings(ctx.result ?? REMINDER.defaults(caller(ctx).sub));
}
