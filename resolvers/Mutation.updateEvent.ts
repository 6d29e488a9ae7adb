import type { Context } from '@aws-appsync/utils';
import { requireAdmin } from './lib/caller';
import type { MutationUpdateEventArgs, MutationUpdateEventResult } from './lib/schema-types';
import { requiredId } from './lib/validate';

type UpdateEventContext = Context<MutationUpdateEventArgs, Record<string, never>, { result: MutationUpdateEventResult }>;

/** Pipeline: getEvent → writeEventUpdate. */
export function request(ctx: UpdateEventContext) {
  requireAdmin(ctx);
  requiredId(ctx.args.input.id, 'id');
  return {};
}

export function response(ctx: UpdateEventContext): MutationUpdateEventResult {
  return ctx.prev.result;
}
