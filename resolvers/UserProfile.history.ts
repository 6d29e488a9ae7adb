import { util, type Context } from '@aws-appsync/utils';
import { KEY } from './lib/keys';
import { pageSize, raiseDataSourceError } from './lib/errors';
import { toPrediction, type PredictionItem } from './lib/items';

interface Source {
  user: { id: string };
}

/** A player's predictions, newest event first (PREDICTION#<date>#<eventId>, read descending). */
export function request(ctx: Context<{ limit?: number; nextToken?: string }>) {
  return {
    operation: 'Query',
    query: {
      expression: '#pk = :pk AND begins_with(#sk, :prefix)',
      expressionNames: { '#pk': 'PK', '#sk': 'SK' },
      expressionValues: util.dynamodb.toMapValues({
        ':pk': KEY.userPk((ctx.source as Source).user.id),
        ':prefix': KEY.predictionSkPrefix,
      }),
    },
    scanIndexForward: false,
    limit: pageSize(ctx.args.limit),
    nextToken: ctx.args.nextToken ?? null,
  };
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  const page = ctx.result as { items: PredictionItem[]; nextToken: string | null };
  return { items: page.items.map(toPrediction), nextToken: page.nextToken ?? null };
}
