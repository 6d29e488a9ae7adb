import type { Context } from '@aws-appsync/utils';
import { BELT, type ReignsItem } from '@pickem/domain/entities/belt';
import type { LeagueLineageArgs, LeagueLineageResult } from '@pickem/domain/schema-types';
import { lineagePage } from './lib/belt';
import { raiseDataSourceError } from './lib/errors';
import { requireViewer, type LeagueSource } from './lib/league';
import { getItem, pageSize } from './lib/query';

type LineageContext = Context<LeagueLineageArgs, object, LeagueSource, undefined, ReignsItem | null>;

/** The belt's reigns, newest first: one GetItem of the league's reigns (a season's reigns fit one item), paged from it. */
export function request(ctx: LineageContext) {
  const league = requireViewer(ctx.source);
  pageSize(ctx.args.limit);
  return getItem(BELT.reignsKey(league.id));
}

export function response(ctx: LineageContext): LeagueLineageResult {
  raiseDataSourceError(ctx.error);
  return lineagePage(ctx.result, pageSize(ctx.args.limit), ctx.args.nextToken);
}
