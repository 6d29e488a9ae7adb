import { runtime, type Context } from '@aws-appsync/utils';
import { ATTR, GSI_NAME, KEY } from './lib/keys';
import { pageSize, raiseDataSourceError } from './lib/errors';
import { descendingPage } from './lib/page';
import { toPrediction, type PredictionItem } from './lib/items';

interface Source {
  event: { id: string; state: string };
}

/** The event's leaderboard, highest first, from the sparse SCORE# range of its GSI partition. */
export function request(ctx: Context<{ limit?: number; nextToken?: string }>) {
  const event = (ctx.source as Source).event;
  if (event.state !== 'SCORED') {
    pageSize(ctx.args.limit);
    return runtime.earlyReturn(null);
  }
  return descendingPage(
    GSI_NAME,
    { attribute: ATTR.gsiPk, value: KEY.predictionsGsiPk(event.id) },
    { attribute: ATTR.gsiSk, value: KEY.scoreGsiSkPrefix },
    ctx.args,
  );
}

export function response(ctx: Context) {
  if ((ctx.source as Source).event.state !== 'SCORED') return null;
  raiseDataSourceError(ctx.error);
  const page = ctx.result as { items: PredictionItem[]; nextToken: string | null };
  return { items: page.items.map(toPrediction), nextToken: page.nextToken ?? null };
}
