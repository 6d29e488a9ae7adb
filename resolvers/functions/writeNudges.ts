import { runtime, util, type Context } from '@aws-appsync/utils';
import { LEAGUE_NUDGE, NUDGE } from '@pickem/domain/entities/nudge';
import { IF_NEW } from '@pickem/domain/entities/table';
import { predictionsLocked } from '@pickem/domain/visibility';
import { caller, isAdmin } from '../lib/caller';
import { ERROR } from '../lib/errors';
import { stashedLeague } from '../lib/league';
import { nameOf } from '../lib/league-tables';
import { unpickedOf } from '../lib/missing-picks';
import type { NudgeStash } from '../lib/stash';
import { raiseWriteError, tableOf, transaction, txPut } from '../lib/transact';

type WriteNudgesContext = Context<{ leagueId: string; eventId: string }, NudgeStash>;

/**
 * nudgeLeague, before any email: the refusals (not the commissioner or an admin, no such event, not in
 * the league's season, its picks locked), then one transaction: the league's mark for the event, on the
 * condition that it is new (AlreadyNudged: nothing written), and a notice for each member without a
 * complete prediction (at most 30 + 1 entries). Stashes `unpicked`; writes nothing when every member has picked.
 */
export function request(ctx: WriteNudgesContext) {
  const league = stashedLeague(ctx);
  const me = caller(ctx).sub;
  ctx.stash.unpicked = {};
  if (league.commissionerId !== me && !isAdmin(ctx)) {
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
  const unpicked = unpickedOf(event!, ctx.stash.members, ctx.stash.predictions);
  const nudged = Object.keys(unpicked);
  if (nudged.length === 0) return runtime.earlyReturn(null);
  ctx.stash.unpicked = unpicked;
  const self = ctx.stash.members.find((m) => m.userId === me);
  const byName = self ? nameOf(ctx.stash, me, self.displayName) : 'An admin';
  const nudgedAt = util.time.nowISO8601();
  const table = tableOf(ctx);
  const id = NUDGE.idOf(event!.date, event!.id, league.id);
  return transaction([
    txPut(
      table,
      LEAGUE_NUDGE.key(league.id, event!.id),
      LEAGUE_NUDGE.attributes(nudgedAt, nudged.length, event!.startsAtMs),
      IF_NEW,
    ),
    ...nudged.map((userId) =>
      txPut(
        table,
        NUDGE.key(userId, id),
        NUDGE.attributes(
          { id, userId, leagueId: league.id, leagueName: league.name, eventId: event!.id, byName, nudgedAt },
          event!.startsAtMs,
        ),
      ),
    ),
  ]);
}

export function response(ctx: WriteNudgesContext) {
  raiseWriteError(ctx, [
    { message: "This league's members were nudged for this event already", type: ERROR.alreadyNudged },
  ]);
  return null;
}
