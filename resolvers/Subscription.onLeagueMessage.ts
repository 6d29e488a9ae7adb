import { extensions, util, type Context } from '@aws-appsync/utils';
import { MEMBER, type MemberItem } from '@pickem/domain/entities/league';
import type { SubscriptionOnLeagueMessageArgs, SubscriptionOnLeagueMessageResult } from '@pickem/domain/schema-types';
import { caller } from './lib/caller';
import { chatInvalidationFilter } from './lib/chat';
import { ERROR, raiseDataSourceError } from './lib/errors';
import { getItem } from './lib/query';
import { requiredId } from './lib/validate';

type OnLeagueMessageContext = Context<SubscriptionOnLeagueMessageArgs, object, undefined, undefined, MemberItem | null>;

/**
 * Subscribing to a league's chat: the caller's member item is read (one GetItem); a non-member is
 * refused (NotMember). Only that league's messages are sent, and leaveLeague or removeLeagueMember
 * ends the subscription (its invalidation filter: this league and this subscriber).
 */
export function request(ctx: OnLeagueMessageContext) {
  requiredId(ctx.args.leagueId, 'leagueId');
  return getItem(MEMBER.key(ctx.args.leagueId, caller(ctx).sub), true);
}

export function response(ctx: OnLeagueMessageContext): SubscriptionOnLeagueMessageResult {
  raiseDataSourceError(ctx.error);
  if (!ctx.result) util.error(`You are not a member of league ${ctx.args.leagueId}`, ERROR.notMember);
  const leagueId = ctx.args.leagueId;
  extensions.setSubscriptionFilter(util.transform.toSubscriptionFilter({ leagueId: { eq: leagueId } }));
  extensions.setSubscriptionInvalidationFilter(chatInvalidationFilter(ctx, leagueId));
  return null;
}
