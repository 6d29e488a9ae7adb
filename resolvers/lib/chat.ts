import { extensions, util, type Context } from '@aws-appsync/utils';
import { CHAT_RATE, type MessageItem } from '@pickem/domain/entities/chat';
import type { LeagueMessage } from '@pickem/domain/schema-types';
import { caller } from './caller';

/** Helpers of the chat resolvers. */

/** A stored message as the GraphQL LeagueMessage (a removed one without its text). */
export function toMessage(item: MessageItem): LeagueMessage {
  return {
    id: item.id,
    leagueId: item.leagueId,
    userId: item.userId,
    displayName: item.displayName,
    text: item.removed ? '' : item.text,
    createdAt: item.createdAt,
    kind: item.kind,
    removed: item.removed,
  };
}

/** The caller's current rate-limit window (CHAT_RATE). */
export function chatWindow(): number {
  return Math.floor(util.time.nowEpochSeconds() / CHAT_RATE.windowSeconds);
}

/** Stands for every subscriber in an invalidation's payload: no Cognito sub looks like it. */
const EVERY_SUBSCRIBER = '*every-subscriber*';

/**
 * What ends a player's onLeagueMessage subscriptions to a league when they leave or are removed
 * (the subscription's invalidation filter matches this payload).
 */
export function endChatSubscriptions(leagueId: string, userId: string): void {
  extensions.invalidateSubscriptions({ subscriptionField: 'onLeagueMessage', payload: { leagueId, userId } });
}

/** What ends every onLeagueMessage subscription to a league, when it is deleted: one call (AppSync allows 5 a request). */
export function endLeagueChat(leagueId: string): void {
  endChatSubscriptions(leagueId, EVERY_SUBSCRIBER);
}

/** The subscriber's invalidation filter, for this league: their own, or every subscriber's. */
export function chatInvalidationFilter(ctx: Context, leagueId: string) {
  return util.transform.toSubscriptionFilter({
    leagueId: { eq: leagueId },
    or: [{ userId: { eq: caller(ctx).sub } }, { userId: { eq: EVERY_SUBSCRIBER } }],
  });
}
