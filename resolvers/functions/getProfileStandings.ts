import type { Context } from '@aws-appsync/utils';
import { PROFILE, type ProfileItem } from '@pickem/domain/entities/profile';
import { MAX_SEASONS, STANDING, type StandingItem } from '@pickem/domain/entities/standing';
import type { ItemKey } from '@pickem/domain/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import { query, type QueryPage } from '../lib/query';
import type { ProfileStash } from '../lib/stash';

type ProfileOrStanding = ItemKey & ProfileItem & StandingItem & { type: string };
type GetProfileStandingsContext = Context<unknown, ProfileStash, undefined, undefined, QueryPage<ProfileOrStanding>>;

/** One Query on the stashed player's partition: the profile item and every season standing, newest season first. */
export function request(ctx: GetProfileStandingsContext) {
  return query(PROFILE.withStandings(ctx.stash.userId), { limit: MAX_SEASONS + 1, consistentRead: false });
}

export function response(ctx: GetProfileStandingsContext) {
  raiseDataSourceError(ctx.error);
  const items = ctx.result.items;
  ctx.stash.profile = items.find((item) => PROFILE.is(item)) ?? null;
  ctx.stash.standings = items.filter((item) => item.type === STANDING.type);
  return null;
}
