import { util, type Context } from '@aws-appsync/utils';
import { ERROR } from './lib/errors';
import { eventUpdateProblem, MAX_READ_AT_AHEAD_MS } from '@pickem/domain/live';
import type {
  EventUpdateInput,
  MutationPublishEventUpdateArgs,
  MutationPublishEventUpdateResult,
} from '@pickem/domain/schema-types';
import { notAhead, requiredId } from './lib/validate';

type PublishEventUpdateContext = Context<
  MutationPublishEventUpdateArgs,
  Record<string, never>,
  undefined,
  undefined,
  EventUpdateInput
>;

/**
 * Internal (IAM only: the schema's @aws_iam; no player or admin reaches it): the scoring function
 * publishes a live update. On a NONE data source it returns its input, which AppSync then pushes to
 * the subscribers of onEventUpdate, shaped by the fields this mutation selected.
 */
export function request(ctx: PublishEventUpdateContext) {
  const { input } = ctx.args;
  requiredId(input.eventId, 'eventId');
  if (input.matchId !== null && input.matchId !== undefined) requiredId(input.matchId, 'matchId');
  const problem = eventUpdateProblem(input);
  if (problem !== null) util.error(`Not a valid event update: ${problem}`, ERROR.validation);
  notAhead(input.readAt, 'readAt', MAX_READ_AT_AHEAD_MS);
  return { payload: input };
}

export function response(ctx: PublishEventUpdateContext): MutationPublishEventUpdateResult {
  // The input has every field of the output; a nullable field left out of it resolves to null.
  return ctx.result as MutationPublishEventUpdateResult;
}
