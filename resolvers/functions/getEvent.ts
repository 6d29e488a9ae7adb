import type { Context } from '@aws-appsync/utils';
import { EVENT, type EventItem } from '@pickem/domain/entities/event';
import { raiseDataSourceError } from '../lib/errors';
import { getItem } from '../lib/query';
import type { MutationUpdateEventArgs } from '@pickem/domain/schema-types';
import type { EventUpdateStash } from '../lib/stash';

type GetEventContext = Context<MutationUpdateEventArgs, EventUpdateStash, undefined, undefined, EventItem | null>;

/** Reads the event item `input.id` (strongly consistent); stashes `event` (null if none). */
export function request(ctx: GetEventContext) {
  return getItem(EVENT.key(ctx.args.input.id), true);
}

export function response(ctx: GetEventContext) {
  raiseDataSourceError(ctx.error);
  ctx.stash.event = ctx.result ?? null;
  return ctx.result ?? null;
}
