import { runtime, util, type Context, type DynamoDBBatchGetItemRequest } from '@aws-appsync/utils';
import { LEAGUE, type LeagueItem, type MembershipItem } from '@pickem/domain/entities/league';
import { SEASON, type SeasonItem } from '@pickem/domain/entities/season';
import { raiseDataSourceError } from '../lib/errors';
import { toLeague } from '../lib/league';
import { tableOf } from '../lib/transact';

type Found = ((LeagueItem | SeasonItem) & { type: string }) | null;
type GetMyLeaguesContext = Context<
  unknown,
  { memberships: MembershipItem[] },
  undefined,
  undefined,
  { data: Record<string, Found[]> }
>;

/**
 * myLeagues: the caller's leagues and their named seasons in one BatchGetItem (at most
 * 2 × leaguesPerPlayer keys). Skipped when the caller is in no league.
 */
export function request(ctx: GetMyLeaguesContext): DynamoDBBatchGetItemRequest {
  const memberships = ctx.stash.memberships;
  if (memberships.length === 0) return runtime.earlyReturn([]);
  const keys = memberships.map((m) => util.dynamodb.toMapValues(LEAGUE.key(m.leagueId)));
  const seasons: string[] = [];
  for (const m of memberships) {
    const seasonId = m.seasonId;
    if (!SEASON.isCalendar(seasonId) && seasons.indexOf(seasonId) < 0) seasons.push(seasonId);
  }
  for (const seasonId of seasons) keys.push(util.dynamodb.toMapValues(SEASON.key(seasonId)));
  return { operation: 'BatchGetItem', tables: { [tableOf(ctx)]: { keys } } };
}

/** In membership order (oldest league first); a league deleted meanwhile is left out. */
export function response(ctx: GetMyLeaguesContext) {
  raiseDataSourceError(ctx.error);
  const leagues: Record<string, LeagueItem> = {};
  const seasons: Record<string, SeasonItem> = {};
  for (const item of ctx.result.data[tableOf(ctx)] ?? []) {
    if (item && item.type === LEAGUE.type) leagues[item.id] = item as LeagueItem;
    if (item && item.type === SEASON.type) seasons[item.id] = item as SeasonItem;
  }
  const out = [];
  for (const m of ctx.stash.memberships) {
    const league = leagues[m.leagueId];
    if (league) {
      const season = SEASON.isCalendar(league.seasonId)
        ? SEASON.calendar(SEASON.year(league.seasonId))
        : seasons[league.seasonId];
      if (season) out.push(toLeague(league, season, null, 'member', m.readCount ?? 0));
    }
  }
  return out;
}
