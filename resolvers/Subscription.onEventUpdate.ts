import { extensions, util, type Context } from '@aws-appsync/utils';
import type { SubscriptionOnEventUpdateArgs, SubscriptionOnEventUpdateResult } from '@pickem/domain/schema-types';
import { requiredId } from './lib/validate';

type OnEventUpdateContext = Context<SubscriptionOnEventUpdateArgs>;

/**
 * Subscribing (signed-in users: the API's default mode) to one event's live updates. On a NONE data
 * source; the response sets AppSync's enhanced filter so that only updates of that event are sent.
 */
export function request(ctx: OnEventUpdateContext) {
  requiredId(ctx.args.eventId, 'eventId');
  return { payload: null };
}

export function response(ctx: OnEventUpdateContext): SubscriptionOnEventUpdateResult {
  extensions.setSubscriptionFilter(util.transform.toSubscriptionFilter({ eventId: { eq: ctx.args.eventId } }));
  return null;
}
