import type { Context } from '@aws-appsync/utils';
import { caller, defaultDisplayName } from './lib/caller';
import { PROFILE, type ProfileItem } from './lib/entities/profile';
import { MAX_SEASONS, toStanding, type StandingItem } from './lib/entities/standing';
import type { ItemKey } from './lib/entities/table';
import { raiseDataSourceError } from './lib/errors';
import { query, type QueryPage } from './lib/query';
import type { QueryUserProfileArgs, QueryUserProfileResult } from './lib/schema-types';
import { requiredId } from './lib/validate';

type ProfileOrStanding = ItemKey & ProfileItem & StandingItem;
type UserProfileContext = Context<QueryUserProfileArgs, { userId: string }, undefined, undefined, QueryPage<ProfileOrStanding>>;

/** One Query on the player's partition: the profile item and every season standing. */
export function request(ctx: UserProfileContext) {
  const userId = ctx.args.userId === null || ctx.args.userId === undefined ? caller(ctx).sub : requiredId(ctx.args.userId, 'userId');
  ctx.stash.userId = userId;
  return query(PROFILE.withStandings(userId), { limit: MAX_SEASONS + 1, consistentRead: false });
}

export function response(ctx: UserProfileContext): QueryUserProfileResult {
  raiseDataSourceError(ctx.error);
  const { userId } = ctx.stash;
  const items = ctx.result.items;
  const profile = items.find((item) => PROFILE.is(item));
  const isCaller = userId === caller(ctx).sub;
  if (!profile && !isCaller) return null;
  return {
    user: { id: userId, displayName: profile ? profile.displayName : defaultDisplayName(ctx) },
    standings: items.filter((item) => !PROFILE.is(item)).map(toStanding),
  };
}
