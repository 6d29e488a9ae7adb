import type { Context } from '@aws-appsync/utils';
import { SEASON, SEASON_LIMIT, toSeason, type SeasonItem } from '@pickem/domain/entities/season';
import { raiseDataSourceError } from './lib/errors';
import { query, type QueryPage } from './lib/query';
import type { QuerySeasonsResult } from '@pickem/domain/schema-types';

type SeasonsContext = Context<
  Record<string, never>,
  Record<string, never>,
  undefined,
  undefined,
  QueryPage<SeasonItem>
>;

/** Every season, newest start first: one Query of the seasons partition. */
export function request() {
  return query(SEASON.all(), { limit: SEASON_LIMIT.listed });
}

export function response(ctx: SeasonsContext): QuerySeasonsResult {
  raiseDataSourceError(ctx.error);
  return ctx.result.items.map(toSeason);
}
