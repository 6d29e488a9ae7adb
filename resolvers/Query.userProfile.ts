import type { Context } from '@aws-appsync/utils';
import { KEY } from './lib/keys';
import { caller, defaultDisplayName } from './lib/caller';
import { raiseDataSourceError } from './lib/errors';
import { toStanding, type StandingItem } from './lib/items';
import { profileAndStandings } from './lib/page';

/** Seasons a profile can list; the range read is the profile item plus one standing a season. */
const MAX_SEASONS = 100;

/** One Query on the player's partition: the profile item and every season standing. */
export function request(ctx: Context<{ userId?: string }>) {
  const userId = ctx.args.userId ?? caller(ctx).sub;
  ctx.stash.userId = userId;
  return profileAndStandings(userId, MAX_SEASONS + 1, false);
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  const userId = ctx.stash.userId as string;
  const items = (ctx.result as { items: (StandingItem & { SK: string; displayName: string })[] }).items;
  const profile = items.find((item) => item.SK === KEY.profileSk);
  const isCaller = userId === caller(ctx).sub;
  if (!profile && !isCaller) return null;
  return {
    user: { id: userId, displayName: profile ? profile.displayName : defaultDisplayName(ctx) },
    standings: items.filter((item) => item.SK !== KEY.profileSk).map(toStanding),
  };
}
