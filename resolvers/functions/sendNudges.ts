import { runtime, util, type Context, type LambdaRequest } from '@aws-appsync/utils';
import type { NudgeOutcome, ReminderRequest } from '@pickem/domain/reminders';
import type { MutationNudgeLeagueResult } from '@pickem/domain/schema-types';
import { stashedLeague } from '../lib/league';
import type { NudgeStash } from '../lib/stash';

type SendNudgesContext = Context<{ leagueId: string; eventId: string }, NudgeStash, undefined, undefined, NudgeOutcome>;

/**
 * nudgeLeague, after writeNudges wrote the notices: the members it nudged are emailed by the reminder
 * function (synchronously) if their email reminders are on. Nothing to send when nobody was nudged.
 */
export function request(ctx: SendNudgesContext): LambdaRequest {
  const nudged = Object.keys(ctx.stash.unpicked).length;
  if (nudged === 0) return runtime.earlyReturn({ notified: 0, emailed: 0 });
  const league = stashedLeague(ctx);
  const payload: ReminderRequest = {
    action: 'nudge',
    leagueId: league.id,
    leagueName: league.name,
    eventId: ctx.args.eventId,
    unpicked: ctx.stash.unpicked,
  };
  return { operation: 'Invoke', payload };
}

export function response(ctx: SendNudgesContext): MutationNudgeLeagueResult {
  if (ctx.error)
    util.error(
      `The members were nudged in the app, but the emails could not be sent: ${ctx.error.message}`,
      ctx.error.type,
    );
  return { notified: Object.keys(ctx.stash.unpicked).length, emailed: ctx.result ? ctx.result.sent : 0 };
}
