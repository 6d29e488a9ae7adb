import type { Context } from '@aws-appsync/utils';
import { caller } from './lib/caller';
import { PROFILE_LIMIT } from '@pickem/domain/entities/profile';
import type { MutationUpdateMyProfileArgs, MutationUpdateMyProfileResult } from '@pickem/domain/schema-types';
import type { RenameStash } from './lib/stash';
import { requiredText } from './lib/validate';

type UpdateMyProfileContext = Context<
  MutationUpdateMyProfileArgs,
  RenameStash,
  { result: MutationUpdateMyProfileResult }
>;

/** Pipeline: getMyProfileItems → getMyRecentPredictions → writeDisplayName. */
export function request(ctx: UpdateMyProfileContext) {
  caller(ctx);
  ctx.stash.displayName = requiredText(ctx.args.displayName, 'displayName', PROFILE_LIMIT.displayName);
  return {};
}

export function response(ctx: UpdateMyProfileContext): MutationUpdateMyProfileResult {
  return ctx.prev.result;
}
