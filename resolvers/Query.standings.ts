import { util, type Context } from '@aws-appsync/utils';
import { STANDING, toStanding, type StandingItem } from './lib/entities/standing';
import { ERROR, raiseDataSourceError } from './lib/errors';
import { listPage, type QueryPage } from './lib/query';
import type { QueryStandingsArgs, QueryStandingsResult } from './lib/schema-types';

type StandingsContext = Context<QueryStandingsArgs, Record<string, never>, undefined, undefined, QueryPage<StandingItem>>;

/** A season's standings, highest first: one Query on the season's GSI partition. */
export function request(ctx: StandingsContext) {
  const { season } = ctx.args;
  const pattern = season < 1000 ? null : STANDING.bySeason(season);
  if (pattern === null) util.error(`season must be a four-digit year; got ${season}`, ERROR.validation);
  return listPage(pattern, ctx.args);
}

export function response(ctx: StandingsContext): QueryStandingsResult {
  raiseDataSourceError(ctx.error);
  return { items: ctx.result.items.map(toStanding), nextToken: ctx.result.nextToken ?? null };
}
