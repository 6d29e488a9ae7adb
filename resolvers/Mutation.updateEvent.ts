import type { Context } from '@aws-appsync/utils';
import { requireAdmin } from './lib/caller';
import { EVENT_LIMIT } from '@pickem/domain/entities/event';
import type { MutationUpdateEventArgs, MutationUpdateEventResult } from '@pickem/domain/schema-types';
import type { EventUpdateStash } from './lib/stash';
import { requiredId, requiredText } from './lib/validate';

type UpdateEventContext = Context<MutationUpdateEventArgs, EventUpdateStash, { result: MutationUpdateEventResult }>;

/** Pipeline: getEvent → writeEventUpdate → announceStateChange → placeReminders (a moved bell moves the schedules). A rename writes the event alone (histories read the name from it). */
export function request(ctx: UpdateEventContext) {
  requireAdmin(ctx);
  const { input } = ctx.args;
  requiredId(input.id, 'id');
  ctx.stash.name =
    input.name === null || input.name === undefined ? null : requiredText(input.name, 'name', EVENT_LIMIT.name);
  return {};
}

export function response(ctx: UpdateEventContext): MutationUpdateEventResult {
  return ctx.prev.result;
}
