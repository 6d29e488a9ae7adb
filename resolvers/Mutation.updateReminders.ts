import { util, type Context } from '@aws-appsync/utils';
import { caller } from './lib/caller';
import { ERROR } from './lib/errors';
import { REMINDER, REMINDER_LEADS } from '@pickem/domain/entities/reminder';
import type { MutationUpdateRemindersArgs, MutationUpdateRemindersResult } from '@pickem/domain/schema-types';
import type { RemindersStash } from './lib/stash';

type UpdateRemindersContext = Context<
  MutationUpdateRemindersArgs,
  RemindersStash,
  { result: MutationUpdateRemindersResult }
>;

/**
 * Pipeline: getMyProfile → writeReminders. The address is the token's `email` claim: Cognito puts it
 * in ID tokens (not access tokens), so the app sends its ID token for this call; each save takes the
 * address again, so a changed sign-up email is used from the next save on, once verified (docs/api.md,
 * Reminders).
 */
export function request(ctx: UpdateRemindersContext) {
  const who = caller(ctx);
  const { email, minutesBefore } = ctx.args;
  if (!REMINDER.isLead(minutesBefore)) {
    util.error(`minutesBefore must be one of ${REMINDER_LEADS.join(', ')}; got ${minutesBefore}`, ERROR.validation);
  }
  const claim = who.claims['email'];
  const address = typeof claim === 'string' && claim.indexOf('@') > 0 ? claim : null;
  if (email && address === null) {
    util.error('We could not find your email address: sign in again, then turn reminders on.', ERROR.validation);
  }
  // Cognito sets email_verified to false when a player changes their address, until they confirm it by
  // code: reminders go only to an address its owner proved to hold.
  const verified = who.claims['email_verified'];
  if (email && verified !== true && verified !== 'true') {
    util.error('Verify your email address before turning on reminders.', ERROR.validation);
  }
  ctx.stash.settings = { userId: who.sub, email, minutesBefore, address };
  return {};
}

export function response(ctx: UpdateRemindersContext): MutationUpdateRemindersResult {
  return ctx.prev.result;
}
