import type { Context } from '@aws-appsync/utils';
import { ATTR, GSI_NAME, KEY } from './lib/keys';
import { raiseDataSourceError } from './lib/errors';
import { descendingPage } from './lib/page';
import { toEvent, type EventItem } from './lib/items';

/** Events, newest date first: one Query on the GSI partition of all events. */
export function request(ctx: Context<{ limit?: number; nextToken?: string }>) {
  return descendingPage(GSI_NAME, { attribute: ATTR.gsiPk, value: KEY.eventsGsiPk }, null, ctx.args);
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  const page = ctx.result as { items: EventItem[]; nextToken: string | null };
  return { items: page.items.map(toEvent), nextToken: page.nextToken ?? null };
}
