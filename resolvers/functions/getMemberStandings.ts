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

/** Every member's standing in the league's season and their profile: one BatchGetItem, 2 keys a member. */
export function request(ctx: GetMemberStandingsContext): DynamoDBBatchGetItemRequest {
  ctx.stash.standings = {};
  ctx.stash.profiles = {};
  if (ctx.stash.members.length === 0) return runtime.earlyReturn(null);
  const keys: ItemKey[] = [];
  for (const m of ctx.stash.members) {
    keys.push(STANDING.key(m.userId, (ctx.source as LeagueSource).seasonId) as ItemKey);
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
