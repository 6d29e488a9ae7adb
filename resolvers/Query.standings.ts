import { util, type Context } from '@aws-appsync/utils';
import { STANDING, toStanding, type StandingItem } from './lib/entities/standing';
import { ERROR, raiseDataSourceError } from './lib/errors';
import type { AccessPattern } from './lib/entities/access';
import { listPage, type QueryPage } from './lib/query';
import type { QueryStandingsArgs, QueryStandingsResult } from './lib/schema-types';
import { requiredId } from './lib/validate';

type StandingsContext = Context<QueryStandingsArgs, Record<string, never>, undefined, undefined, QueryPage<StandingItem>>;

/** The season asked for: exactly one of `season` (a calendar year) or `seasonId`. */
function seasonIdOf(args: QueryStandingsArgs): string {
  const { season, seasonId } = args;
  const hasYear = season !== null && season !== undefined;
  const hasId = seasonId !== null && seasonId !== undefined;
  if (hasYear === hasId) util.error('Give exactly one of season (a calendar year) or seasonId', ERROR.validation);
  if (hasId) return requiredId(seasonId as string, 'seasonId');
  const year = season as number;
  const id = year < 1000 ? null : STANDING.seasonIdOf(year);
  if (id === null) util.error(`season must be a four-digit year; got ${season}`, ERROR.validation);
  return id;
}

/** A season's standings, highest first: one Query on the season's GSI partition. */
export function request(ctx: StandingsContext) {
  return listPage(STANDING.bySeason(seasonIdOf(ctx.args)) as AccessPattern, ctx.args);
}

export function response(ctx: StandingsContext): QueryStandingsResult {
  raiseDataSourceError(ctx.error);
  return { items: ctx.result.items.map(toStanding), nextToken: ctx.result.nextToken ?? null };
}
