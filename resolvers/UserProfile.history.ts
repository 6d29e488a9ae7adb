import type { Context } from '@aws-appsync/utils';
import { ATTR, KEY } from './lib/keys';
import { caller } from './lib/caller';
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
    { attribute: ATTR.pk, value: KEY.userPk((ctx.source as Source).user.id) },
    { attribute: ATTR.sk, value: KEY.predictionSkPrefix },
    ctx.args,
  );
}

/** Another player's picks stay private until the event is scored (an unscored prediction has no points). */
export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  const page = ctx.result as { items: PredictionItem[]; nextToken: string | null };
  const own = (ctx.source as Source).user.id === caller(ctx).sub;
  const items = page.items.map((item) => {
    const prediction = toPrediction(item);
    return own || prediction.points !== null ? prediction : { ...prediction, picks: [] };
  });
  return { items, nextToken: page.nextToken ?? null };
}
