import { util, type Context } from '@aws-appsync/utils';
import { CHAT_LIMIT } from '@pickem/domain/limits';
import type {
  LeagueMessageInput,
  MutationPublishLeagueMessageArgs,
  MutationPublishLeagueMessageResult,
} from '@pickem/domain/schema-types';
import { ERROR } from './lib/errors';
import { requiredId, requiredText } from './lib/validate';

type PublishLeagueMessageContext = Context<
  MutationPublishLeagueMessageArgs,
  Record<string, never>,
  undefined,
  undefined,
  LeagueMessageInput
>;

/**
 * Internal (IAM only: the schema's @aws_iam; no player or admin reaches it): the scoring function
 * sends a SYSTEM message it has written to the league's chat. On a NONE data source it returns its
 * input, which AppSync then pushes to the subscribers of onLeagueMessage (their member check was made
 * when they subscribed; the filter sends it to that league's only). Players' messages go out through
 * their own mutations.
 */
export function request(ctx: PublishLeagueMessageContext) {
  const { input } = ctx.args;
  requiredId(input.id, 'id');
  requiredId(input.leagueId, 'leagueId');
  requiredText(input.text, 'text', CHAT_LIMIT.text);
  if (input.kind !== 'SYSTEM' || input.removed)
    util.error('Only a SYSTEM message, not removed, is published', ERROR.validation);
  return { payload: input };
}

export function response(ctx: PublishLeagueMessageContext): MutationPublishLeagueMessageResult {
  return ctx.result;
}
