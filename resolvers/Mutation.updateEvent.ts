import type { Context } from '@aws-appsync/utils';
import { requireAdmin } from './lib/caller';
import { requiredId } from './lib/validate';

interface Args {
  input: { id: string };
}

/** Pipeline: getEvent → writeEventUpdate. */
export function request(ctx: Context<Args>) {
  requireAdmin(ctx);
  ctx.stash.eventId = requiredId(ctx.args.input.id, 'id');
  return {};
}

export function response(ctx: Context) {
  return ctx.prev.result;
}
