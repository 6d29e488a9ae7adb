import { runtime, util, type Context } from '@aws-appsync/utils';
import { KEY } from './lib/keys';
import { pageSize, raiseDataSourceError } from './lib/errors';
import { toPrediction, type PredictionItem } from './lib/items';

interface Source {
  event: { id: string; state: string };
}

/** The event's leaderboard, highest first, from the sparse SCORE# range of its GSI partition. */
export function request(ctx: Context<{ limit?: number; nextToken?: string }>) {
  const limit = pageSize(ctx.args.limit);
  if ((ctx.source as Source).event.state !== 'SCORED') return runtime.earlyReturn(null);
  return {
    operation: 'Query',
    index: 'GSI',
    query: {
      expression: '#pk = :pk AND begins_with(#sk, :score)',
      expressionNames: { '#pk': 'GSI_PK', '#sk': 'GSI_SK' },
      expressionValues: util.dynamodb.toMapValues({
        ':pk': KEY.predictionsGsiPk((ctx.source as Source).event.id),
        ':score': KEY.scoreGsiSkPrefix,
      }),
    },
    scanIndexForward: false,
    limit,
    nextToken: ctx.args.nextToken ?? null,
  };
}

export function response(ctx: Context) {
  if ((ctx.source as Source).event.state !== 'SCORED') return null;
  raiseDataSourceError(ctx.error);
  const page = ctx.result as { items: PredictionItem[]; nextToken: string | null };
  return { items: page.items.map(toPrediction), nextToken: page.nextToken ?? null };
}
