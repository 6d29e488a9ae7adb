import { util, type Context } from '@aws-appsync/utils';
import { KEY } from './lib/keys';
import { pageSize, raiseDataSourceError } from './lib/errors';
import { toEvent, type EventItem } from './lib/items';

/** Events, newest date first: one Query on the GSI partition of all events. */
export function request(ctx: Context<{ limit?: number; nextToken?: string }>) {
  return {
    operation: 'Query',
    index: 'GSI',
    query: {
      expression: '#pk = :pk',
      expressionNames: { '#pk': 'GSI_PK' },
      expressionValues: util.dynamodb.toMapValues({ ':pk': KEY.eventsGsiPk }),
    },
    scanIndexForward: false,
    limit: pageSize(ctx.args.limit),
    nextToken: ctx.args.nextToken ?? null,
  };
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  const page = ctx.result as { items: EventItem[]; nextToken: string | null };
  return { items: page.items.map(toEvent), nextToken: page.nextToken ?? null };
}
