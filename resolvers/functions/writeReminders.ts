import type { Context } from '@aws-appsync/utils';
import { REMINDER, toReminderSettings } from '@pickem/domain/entities/reminder';
import type { MutationUpdateRemindersResult } from '@pickem/domain/schema-types';
import type { RemindersStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txPut } from '../lib/transact';

type WriteRemindersContext = Context<unknown, RemindersStash>;

/** Replaces the caller's reminder settings item (in the index only while email is on). */
export function request(ctx: WriteRemindersContext) {
  const { settings } = ctx.stash;
  return transaction([txPut(tableOf(ctx), REMINDER.key(settings.userId), REMINDER.attributes(settings))]);
}

export function response(ctx: WriteRemindersContext): MutationUpdateRemindersResult {
  raiseWriteError(ctx, []);
  const { settings, profile, fallbackName } = ctx.stash;
  return {
    id: settings.userId,
    displayName: profile ? profile.displayName : fallbackName,
    reminders: toReminderSettings(settings),
  };
}
