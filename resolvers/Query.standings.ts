import { util, type Context } from '@aws-appsync/utils';
import { rowStanding } from './lib/board-page';
import { STANDING } from '@pickem/domain/entities/standing';
import { ERROR } from './lib/errors';
import { pageSize } from './lib/query';
import type { QueryStandingsArgs, QueryStandingsResult } from '@pickem/domain/schema-types';
import type { BoardPageStash } from './lib/stash';
import { requiredId } from './lib/validate';

type StandingsContext = Context<QueryStandingsArgs, BoardPageStash>;

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

/**
 * A season's standings, highest first, from the season's board (entities/board.ts). Pipeline:
 * getSeasonBoard (GetItem of the head) → getBoardChunks (one BatchGetItem of the page's chunks) →
 * getRowNames (one BatchGetItem of the page's players' names now): 3
 * requests at any size. A season no final scoring has reached yet has no board: an empty page.
 */
export function request(ctx: StandingsContext) {
  ctx.stash.seasonId = seasonIdOf(ctx.args);
  pageSize(ctx.args.limit);
  return {};
}

export function response(ctx: StandingsContext): QueryStandingsResult {
  const { seasonId, rows, nextToken } = ctx.stash;
  return { items: rows.map((row) => rowStanding(seasonId, row)), nextToken };
}
