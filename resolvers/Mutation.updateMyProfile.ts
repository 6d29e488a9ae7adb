import type { Context } from '@aws-appsync/utils';
import { caller } from './lib/caller';
import { LIMIT, requiredText } from './lib/validate';

/** Pipeline: getMyProfileItems → getMyRecentPredictions → writeDisplayName. */
export function request(ctx: Context<{ displayName: string }>) {
  caller(ctx);
  ctx.stash.displayName = requiredText(ctx.args.displayName, 'displayName', LIMIT.displayName);
  return {};
}

export function response(ctx: Context) {
  return ctx.prev.result;
}
