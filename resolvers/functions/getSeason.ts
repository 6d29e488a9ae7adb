import { util, type Context } from '@aws-appsync/utils';
import { SEASON, type SeasonItem } from '@pickem/domain/entities/season';
import { ERROR, raiseDataSourceError } from '../lib/errors';
import { getItem } from '../lib/query';
import type { MutationUpdateSeasonArgs } from '@pickem/domain/schema-types';
import { validSeasonName, validWindow } from '../lib/season';
import type { SeasonStash } from '../lib/stash';

type GetSeasonContext = Context<MutationUpdateSeasonArgs, SeasonStash, undefined, undefined, SeasonItem | null>;

/** updateSeason: reads the season (strongly consistent); stashes it and the season as updated. */
export function request(ctx: GetSeasonContext) {
  return getItem(SEASON.key(ctx.args.input.id), true);
}

export function response(ctx: GetSeasonContext) {
  raiseDataSourceError(ctx.error);
  const before = ctx.result;
  if (!before) util.error(`There is no season ${ctx.args.input.id}`, ERROR.notFound);
  const { name, startDate, endDate } = ctx.args.input;
  const window = validWindow(startDate ?? before.startDate, endDate ?? before.endDate);
  ctx.stash.before = before;
  ctx.stash.season = {
    id: before.id,
    name: name === null || name === undefined ? before.name : validSeasonName(name),
    ...window,
  };
  return before;
}
