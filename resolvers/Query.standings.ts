import { util, type Context } from '@aws-appsync/utils';
import { ATTR, GSI_NAME, KEY } from './lib/keys';
import { ERROR, raiseDataSourceError } from './lib/errors';
import { descendingPage } from './lib/page';
import { toStanding, type StandingItem } from './lib/items';

/** A season's standings, highest first: one Query on the season's GSI partition. */
export function request(ctx: Context<{ season: number; limit?: number; nextToken?: string }>) {
  const { season } = ctx.args;
  if (season < 1000 || season > 9999) util.error(`season must be a four-digit year; got ${season}`, ERROR.validation);
  return descendingPage(GSI_NAME, { attribute: ATTR.gsiPk, value: KEY.standingsGsiPk(season) }, null, ctx.args);
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  const page = ctx.result as { items: StandingItem[]; nextToken: string | null };
  return { items: page.items.map(toStanding), nextToken: page.nextToken ?? null };
}
