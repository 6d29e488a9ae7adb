/**
 * One synthesis of the branch backend with every optional setting on (invite-only sign-up, field logs
 * at INFO, reminder emails), shared by the checks in this folder: each synthesis takes tens of seconds,
 * and branch.test.ts runs all of them in one process.
 */
import { synthesize, type Synthesized } from '../synthesize.ts';

export const SENDER_IDENTITY = 'mail.pickem.test';

const BRANCH_SETTINGS = {
  PICKEM_INVITE_ONLY: 'true',
  PICKEM_API_LOG_LEVEL: 'INFO',
  PICKEM_REMINDER_SENDER: `Pick'Em <reminders@${SENDER_IDENTITY}>`,
  PICKEM_APP_URL: 'https://pickem.test',
};

let synthesis: Promise<Synthesized> | undefined;
/** The synthesis, made on the first call. */
export const branchSynthesis = (): Promise<Synthesized> => (synthesis ??= synthesize('branch', BRANCH_SETTINGS));
