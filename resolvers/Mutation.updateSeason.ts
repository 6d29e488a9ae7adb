import { util, type Context } from '@aws-appsync/utils';
import { requireAdmin } from './lib/caller';
import { SEASON } from '@pickem/domain/entities/season';
import { ERROR } from './lib/errors';
import type { MutationUpdateSeasonArgs, MutationUpdateSeasonResult } from '@pickem/domain/schema-types';
import { requiredId } from './lib/validate';

type UpdateSeasonContext = Context<
  MutationUpdateSeasonArgs,
  Record<string, never>,
  { result: MutationUpdateSeasonResult }
>;

/** Pipeline: getSeason → getWindowEvents → writeSeason. Calendar years are fixed. */
export function request(ctx: UpdateSeasonContext) {
  requireAdmin(ctx);
  const id = requiredId(ctx.args.input.id, 'id');
  if (SEASON.isCalendar(id))
    util.error(`Season ${id} is a calendar year: its name and window are fixed`, ERROR.validation);
  return {};
}

export function response(ctx: UpdateSeasonContext): MutationUpdateSeasonResult {
  return ctx.prev.result;
}
