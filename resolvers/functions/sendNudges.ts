import { util, type Context, type LambdaRequest } from '@aws-appsync/utils';
import type { NudgeOutcome, ReminderRequest } from '@pickem/domain/reminders';
import { predictionsLocked } from '@pickem/domain/visibility';
import { isAdmin, caller } from '../lib/caller';
import { ERROR } from '../lib/errors';
import { stashedLeague } from '../lib/league';
import type { NudgeStash } from '../lib/stash';

type SendNudgesContext = Context<{ leagueId: string; eventId: string }, NudgeStash, undefined, undefined, NudgeOutcome>;

/**
 * The commissioner's (or an admin's) nudge: the members without a complete prediction for an event of
 * the league's season, before its bell, are emailed by the reminder function (synchronously), once per
 * league and event, if their email reminders are on.
 */
export function request(ctx: SendNudgesContext): LambdaRequest {
  const league = stashedLeague(ctx);
  if (league.commissionerId !== caller(ctx).sub && !isAdmin(ctx)) {
    util.error("Only the league's commissioner may nudge its members", ERROR.notCommissioner);
  }
  const event = ctx.stash.event;
  if (!event) util.error(`Event ${ctx.args.eventId} not found`, ERROR.notFound);
  const season = ctx.stash.season;
  if (event!.date < season.startDate || event!.date > season.endDate) {
    util.error("This event is not in the league's season", ERROR.validation);
  }
  if (predictionsLocked(event!, util.time.nowEpochMilliSeconds())) {
    util.error("This event's picks are locked: there is no one left to nudge", ERROR.invalidState);
  }
  const onCard = event!.matchOrder;
  const unpicked: Record<string, number> = {};
  for (const m of ctx.stash.members) {
    const prediction = ctx.stash.predictions[m.userId];
    const picked: Record<string, boolean> = {};
    if (prediction) for (const p of prediction.picks) if (onCard.indexOf(p.matchId) >= 0) picked[p.matchId] = true;
    const missing = onCard.length - Object.keys(picked).length;
    if (missing > 0) unpicked[m.userId] = missing;
  }
  const payload: ReminderRequest = {
    action: 'nudge',
    leagueId: league.id,
    leagueName: league.name,
    eventId: event!.id,
    unpicked,
  };
  return { operation: 'Invoke', payload };
}

export function response(ctx: SendNudgesContext): number {
  if (ctx.error) util.error(`The nudge could not be sent: ${ctx.error.message}`, ctx.error.type);
  return ctx.result ? ctx.result.sent : 0;
}
