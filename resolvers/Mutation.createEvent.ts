import { util, type Context } from '@aws-appsync/utils';
import { requireAdmin } from './lib/caller';
import { ERROR } from './lib/errors';
import { toEvent, type EventItem } from './lib/items';
import { eventRecord, ITEM_KEY } from './lib/records';
import { raiseWriteError, tableOf, transaction, txPut } from './lib/transact';
import { LIMIT, normalisedInstant, requiredText, slug } from './lib/validate';

interface Args {
  input: { name: string; date: string; startsAt: string };
}

/**
 * Creates an UPCOMING event with the id `<date>-<slug of name>`. A one-entry transaction rather than
 * a PutItem: AppSync reports a PutItem whose condition fails as a success when the stored item equals
 * the new one, and creating the same event twice must be a ConflictError.
 */
export function request(ctx: Context<Args>) {
  requireAdmin(ctx);
  const name = requiredText(ctx.args.input.name, 'name', LIMIT.eventName);
  // An AWSDate may carry a zone offset (2024-03-03Z); ids and keys use the calendar date alone.
  const date = ctx.args.input.date.slice(0, 10);
  const nameSlug = slug(name);
  if (nameSlug.length === 0) util.error('name must contain at least one letter or digit', ERROR.validation);
  const startsAt = normalisedInstant(ctx.args.input.startsAt);
  const event: EventItem = {
    id: `${date}-${nameSlug}`,
    name,
    date,
    startsAt: startsAt.iso,
    startsAtMs: startsAt.ms,
    state: 'UPCOMING',
    season: Number(date.slice(0, 4)),
    matchOrder: [],
  };
  ctx.stash.event = event;
  return transaction([
    txPut(tableOf(ctx), ITEM_KEY.event(event.id), eventRecord(event), { expression: 'attribute_not_exists(PK)' }),
  ]);
}

export function response(ctx: Context) {
  const event = ctx.stash.event as EventItem;
  raiseWriteError(ctx, [{ message: `An event with id ${event.id} already exists`, type: ERROR.conflict }]);
  return toEvent(event);
}
