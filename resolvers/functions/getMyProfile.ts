import type { Context } from '@aws-appsync/utils';
import { caller, defaultDisplayName } from '../lib/caller';
import { PROFILE, type ProfileItem } from '@pickem/domain/entities/profile';
import { raiseDataSourceError } from '../lib/errors';
import { getItem } from '../lib/query';
import type { CardStash } from '../lib/stash';

type GetMyProfileContext = Context<unknown, CardStash, undefined, undefined, ProfileItem | null>;

/**
 * Reads the caller's profile item; stashes `profile` (null if the caller has none yet) and
 * `fallbackName`, the name stored for a caller without a profile (defaultDisplayName: a token's
 * name only if it passes the text rules; worked out here, so the write steps' bundles stay small).
 */
export function request(ctx: GetMyProfileContext) {
  return getItem(PROFILE.key(caller(ctx).sub), true);
}

export function response(ctx: GetMyProfileContext) {
  raiseDataSourceError(ctx.error);
  ctx.stash.profile = ctx.result ?? null;
  ctx.stash.fallbackName = defaultDisplayName(ctx);
  return ctx.result ?? null;
}
