import { runtime, util, type Context, type DynamoDBBatchGetItemRequest } from '@aws-appsync/utils';
import { PROFILE } from '@pickem/domain/entities/profile';
import { STANDING } from '@pickem/domain/entities/standing';
import type { ItemKey } from '@pickem/domain/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import type { LeagueSource } from '../lib/league';
import { memberItemsRead, type MemberRead } from '../lib/league-tables';
import type { LeagueTableStash } from '../lib/stash';
import { tableOf } from '../lib/transact';

type GetMemberStandingsContext = Context<
  unknown,
  LeagueTableStash,
  undefined,
  LeagueSource,
  { data: Record<string, MemberRead[]> }
>;

/**
 * Every member's profile (their name now) and, for a league without a stored table (from before
 * tables), their standing in the league's season: one BatchGetItem, 1 or 2 keys a member. Nothing
 * for League.myRank on a league with its table (`ranksOnly`).
 */
export function request(ctx: GetMemberStandingsContext): DynamoDBBatchGetItemRequest {
  ctx.stash.standings = {};
  ctx.stash.profiles = {};
  const source = ctx.source as LeagueSource;
  const stored = source.table !== null && source.table !== undefined;
  if (ctx.stash.members.length === 0 || (stored && ctx.stash.ranksOnly)) return runtime.earlyReturn(null);
  const keys: ItemKey[] = [];
  for (const m of ctx.stash.members) {
    if (!stored) keys.push(STANDING.key(m.userId, source.seasonId) as ItemKey);
    keys.push(PROFILE.key(m.userId));
  }
  return {
    operation: 'BatchGetItem',
    tables: { [tableOf(ctx)]: { keys: keys.map((k) => util.dynamodb.toMapValues(k)) } },
  };
}

export function response(ctx: GetMemberStandingsContext) {
  raiseDataSourceError(ctx.error);
  memberItemsRead(ctx, ctx.result.data[tableOf(ctx)] ?? []);
  return null;
}
