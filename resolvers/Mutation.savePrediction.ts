import type { Context } from '@aws-appsync/utils';
import { caller } from './lib/caller';
import { requiredId } from './lib/validate';

/** Pipeline: getEventCard → getMyProfile → putPrediction. Players act only as themselves. */
export function request(ctx: Context<{ eventId: string }>) {
  caller(ctx);
  requiredId(ctx.args.eventId, 'eventId');
  ctx.stash.consistentRead = true;
  return {};
}

export function response(ctx: Context) {
  return ctx.prev.result;
}
