import { util, type Context } from '@aws-appsync/utils';
import { NUDGE, type NudgeItem } from '@pickem/domain/entities/nudge';
import { caller } from '../lib/caller';
import { raiseDataSourceError } from '../lib/errors';
import { query, type QueryPage } from '../lib/query';
import type { UpcomingStash } from '../lib/stash';

type GetMyNudgesContext = Context<unknown, UpcomingStash, undefined, undefined, QueryPage<NudgeItem>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * upcomingEvents, after getMyEventPicks: the caller's nudges of events dated from yesterday on (the
 * range getUpcomingEvents reads), one Query of their own partition. Stashes `nudges` by event id.
 */
export function request(ctx: GetMyNudgesContext) {
  const yesterday = util.time.epochMilliSecondsToISO8601(util.time.nowEpochMilliSeconds() - DAY_MS).slice(0, 10);
  return query(NUDGE.ofPlayerFrom(caller(ctx).sub, yesterday), { limit: NUDGE.readLimit });
}

export function response(ctx: GetMyNudgesContext) {
  raiseDataSourceError(ctx.error);
  const nudges: Record<string, NudgeItem[]> = {};
  for (const item of ctx.result.items) {
    if (!nudges[item.eventId]) nudges[item.eventId] = [];
    nudges[item.eventId].push(item);
  }
  ctx.stash.nudges = nudges;
  return null;
}
