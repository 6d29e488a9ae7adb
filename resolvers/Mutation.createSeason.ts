import { util, type Context } from '@aws-appsync/utils';
import { requireAdmin } from './lib/caller';
import { SEASON } from '@pickem/domain/entities/season';
import { ERROR } from './lib/errors';
import type { MutationCreateSeasonArgs, MutationCreateSeasonResult } from '@pickem/domain/schema-types';
import { validSeasonName, validWindow } from './lib/season';
import type { SeasonStash } from './lib/stash';
import { slug } from './lib/validate';

type CreateSeasonContext = Context<MutationCreateSeasonArgs, SeasonStash, { result: MutationCreateSeasonResult }>;

/** Pipeline: getWindowEvents → writeSeason. A named season, id `<startDate>-<slug of name>`. */
export function request(ctx: CreateSeasonContext) {
  requireAdmin(ctx);
  const name = validSeasonName(ctx.args.input.name);
  const nameSlug = slug(name);
  if (nameSlug.length === 0) util.error('name must contain at least one letter or digit', ERROR.validation);
  const window = validWindow(ctx.args.input.startDate, ctx.args.input.endDate);
  ctx.stash.before = null;
  ctx.stash.season = { id: SEASON.namedId(window.startDate, nameSlug), name, ...window };
  return {};
}

export function response(ctx: CreateSeasonContext): MutationCreateSeasonResult {
  return ctx.prev.result;
}
