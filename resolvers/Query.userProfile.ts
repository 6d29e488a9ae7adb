import type { Context } from '@aws-appsync/utils';
import { caller, defaultDisplayName } from './lib/caller';
import { seasonRank } from '@pickem/domain/entities/season-ranks';
import { STANDING, toStanding, trophyCounts } from '@pickem/domain/entities/standing';
import type { QueryUserProfileArgs, QueryUserProfileResult } from '@pickem/domain/schema-types';
import type { ProfileStash } from './lib/stash';
import { requiredId } from './lib/validate';

type UserProfileContext = Context<QueryUserProfileArgs, ProfileStash>;

/**
 * Pipeline: getProfileStandings (one Query on the player's partition: the profile and every season
 * standing) → getSeasonRanks (one BatchGetItem: for each standing, the bucket of its season's rank
 * histogram that holds its points; none without a standing). A standing's rank is its score's
 * competition rank on the season's board; a season whose buckets are not written yet (its first final
 * scoring is under way) ranks against no one.
 */
export function request(ctx: UserProfileContext) {
  ctx.stash.userId =
    ctx.args.userId === null || ctx.args.userId === undefined ? caller(ctx).sub : requiredId(ctx.args.userId, 'userId');
  return {};
}

export function response(ctx: UserProfileContext): QueryUserProfileResult {
  const { userId, profile, standings, ranks } = ctx.stash;
  const isCaller = userId === caller(ctx).sub;
  if (!profile && !isCaller) return null;
  return {
    // reminders: User.reminders resolves it.
    user: { id: userId, displayName: profile ? profile.displayName : defaultDisplayName(ctx), reminders: null },
    standings: standings.map((item) => {
      const seasonId = STANDING.seasonIdOf(item.seasonId ?? item.season) ?? '';
      const bucket = Object.hasOwn(ranks, seasonId) ? ranks[seasonId] : null;
      return toStanding(item, seasonRank(bucket, item.points, item.correct));
    }),
    trophies: trophyCounts(standings),
    // UserProfile.streak resolves it (from the player's scored predictions).
    streak: { current: 0, best: 0 },
  };
}
