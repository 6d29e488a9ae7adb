import type { Context } from '@aws-appsync/utils';
import { caller } from './caller';
import { LEAGUE_LIMIT, MEMBERSHIP } from '@pickem/domain/entities/league';
import { query } from './query';

/** One Query of the caller's memberships, at most leaguesPerPlayer items: the leagues they are in. */
export function myMembershipsRequest(ctx: Context) {
  return query(MEMBERSHIP.ofUser(caller(ctx).sub), { limit: LEAGUE_LIMIT.leaguesPerPlayer });
}
