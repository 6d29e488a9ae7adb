import { util, type Context } from '@aws-appsync/utils';
import { requireAdmin } from './lib/caller';
import { EVENT, EVENT_LIMIT, type EventItem } from '@pickem/domain/entities/event';
import { ERROR } from './lib/errors';
import type { MutationCreateEventArgs, MutationCreateEventResult } from '@pickem/domain/schema-types';
import { DEFAULT_RULES } from '@pickem/domain/rules';
import { requiredText, slug, validEventDate, validRules, validStart } from './lib/validate';

type CreateEventContext = Context<MutationCreateEventArgs, { event: EventItem }, { result: MutationCreateEventResult }>;

/**
 * Pipeline: writeNewEvent → placeReminders. Validates the input and builds the UPCOMING event, with the
 * id `<date>-<slug of name>`.
 */
export function request(ctx: CreateEventContext) {
  requireAdmin(ctx);
  const name = requiredText(ctx.args.input.name, 'name', EVENT_LIMIT.name);
  const date = validEventDate(ctx.args.input.date);
  const nameSlug = slug(name);
  if (nameSlug.length === 0) util.error('name must contain at least one letter or digit', ERROR.validation);
  const startsAt = validStart(date, ctx.args.input.startsAt);
  ctx.stash.event = {
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
  return {};
}

export function response(ctx: CreateEventContext): MutationCreateEventResult {
  return ctx.prev.result;
}
