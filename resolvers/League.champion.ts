import type { Context } from '@aws-appsync/utils';
import { BELT, type ReignsItem } from '@pickem/domain/entities/belt';
import type { League } from '@pickem/domain/schema-types';
import { championOf } from './lib/belt';
import { raiseDataSourceError } from './lib/errors';
import { requireViewer, type LeagueSource } from './lib/league';
import { getItem } from './lib/query';

type ChampionContext = Context<Record<string, never>, object, LeagueSource, undefined, ReignsItem | null>;

/** The belt's holder: one GetItem of the league's reigns (members and admins). */
export function request(ctx: ChampionContext) {
  const league = requireViewer(ctx.source);
  return getItem(BELT.reignsKey(league.id));
}

export function response(ctx: ChampionContext): League['champion'] {
  raiseDataSourceError(ctx.error);
  return championOf(ctx.result);
}
