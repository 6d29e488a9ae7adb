import { util, type Context } from '@aws-appsync/utils';
import { requireAdmin } from './lib/caller';
import { EVENT, EVENT_LIMIT, toEvent, type EventItem } from '@pickem/domain/entities/event';
import { SEASON } from '@pickem/domain/entities/season';
import { IF_NEW } from '@pickem/domain/entities/table';
import { ERROR } from './lib/errors';
import type { MutationCreateEventArgs, MutationCreateEventResult } from '@pickem/domain/schema-types';
import { raiseWriteError, tableOf, transaction, txPut } from './lib/transact';
import { DEFAULT_RULES } from '@pickem/domain/rules';
import { requiredText, slug, validEventDate, validRules, validStart } from './lib/validate';

type CreateEventContext = Context<MutationCreateEventArgs, { event: EventItem }>;

/**
 * Creates an UPCOMING event with the id `<date>-<slug of name>`, and its calendar-year season's item. A one-entry transaction rather than
 * a PutItem: AppSync reports a PutItem whose condition fails as a success when the stored item equals
 * the new one, and creating the same event twice must be a ConflictError.
 */
export function request(ctx: CreateEventContext) {
  requireAdmin(ctx);
  const name = requiredText(ctx.args.input.name, 'name', EVENT_LIMIT.name);
  const date = validEventDate(ctx.args.input.date);
  const nameSlug = slug(name);
  if (nameSlug.length === 0) util.error('name must contain at least one letter or digit', ERROR.validation);
  const startsAt = validStart(date, ctx.args.input.startsAt);
  const event: EventItem = {
    id: `${date}-${nameSlug}`,
    name,
    date,
    startsAt: startsAt.iso,
    startsAtMs: startsAt.ms,
    state: 'UPCOMING',
    season: EVENT.season(date),
    matchOrder: [],
    rules: validRules(DEFAULT_RULES, ctx.args.input.rules),
  };
  ctx.stash.event = event;
  // The event's calendar-year season is written (again: the same item) so that the seasons list shows it.
  const year = SEASON.calendar(event.season);
  return transaction([
    txPut(tableOf(ctx), EVENT.key(event.id), EVENT.attributes(event), IF_NEW),
    txPut(tableOf(ctx), SEASON.key(year.id), SEASON.attributes(year)),
  ]);
}

export function response(ctx: CreateEventContext): MutationCreateEventResult {
  const { event } = ctx.stash;
  raiseWriteError(ctx, [{ message: `An event with id ${event.id} already exists`, type: ERROR.conflict }]);
  return toEvent(event);
}
