import { runtime, type Context } from '@aws-appsync/utils';
import type { MembershipItem } from '@pickem/domain/entities/league';
import type { NudgeItem } from '@pickem/domain/entities/nudge';
import { raiseDataSourceError } from '../lib/errors';
import { myMembershipsRequest } from '../lib/memberships';
import type { QueryPage } from '../lib/query';
import type { UpcomingStash } from '../lib/stash';

type GetNudgeMembershipsContext = Context<unknown, UpcomingStash, undefined, undefined, QueryPage<MembershipItem>>;

/**
 * upcomingEvents, after getMyNudges: a notice shows only while the caller is still in its league (a league
 * deleted, left or removed from keeps its notices until their TTL). One Query of the caller's
 * memberships (at most leaguesPerPlayer items), made only when there is a notice to check.
 */
export function request(ctx: GetNudgeMembershipsContext) {
  if (Object.keys(ctx.stash.nudges).length === 0) return runtime.earlyReturn(null);
  return myMembershipsRequest(ctx);
}

export function response(ctx: GetNudgeMembershipsContext) {
  raiseDataSourceError(ctx.error);
  const mine: Record<string, boolean> = {};
  for (const membership of ctx.result.items) mine[membership.leagueId] = true;
  const kept: Record<string, NudgeItem[]> = {};
  for (const eventId of Object.keys(ctx.stash.nudges)) {
    const still = ctx.stash.nudges[eventId].filter((nudge) => mine[nudge.leagueId] === true);
    if (still.length > 0) kept[eventId] = still;
  }
  ctx.stash.nudges = kept;
  return null;
}
