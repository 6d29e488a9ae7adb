import type { Context } from '@aws-appsync/utils';
import { KEY } from './lib/keys';
import { raiseDataSourceError } from './lib/errors';
import { descendingPage } from './lib/page';
import { toPrediction, type PredictionItem } from './lib/items';

interface Source {
  user: { id: string };
}

/** A player's predictions, newest event first (PREDICTION#<date>#<eventId>, read descending). */
export function request(ctx: Context<{ limit?: number; nextToken?: string }>) {
  return descendingPage(
    null,
    { attribute: 'PK', value: KEY.userPk((ctx.source as Source).user.id) },
    { attribute: 'SK', value: KEY.predictionSkPrefix },
    ctx.args,
  );
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  const page = ctx.result as { items: PredictionItem[]; nextToken: string | null };
  return { items: page.items.map(toPrediction), nextToken: page.nextToken ?? null };
}
