import { runtime, util, type Context } from '@aws-appsync/utils';
import { predictionAnswers } from '@pickem/domain/answers';
import type { AnswerItem } from '@pickem/domain/entities/prediction';
import { ERROR } from '../lib/errors';
import type { MutationSavePredictionArgs } from '@pickem/domain/schema-types';
import type { CardStash } from '../lib/stash';

type CheckAnswersContext = Context<MutationSavePredictionArgs, CardStash & { answers: AnswerItem[] }>;

/**
 * savePrediction's answers checked against the event's questions (read with the card) and stashed for
 * putPrediction: a wrong one is a ValidationError before anything is written. Its own step, so
 * putPrediction's bundle stays within AppSync's limit.
 */
export function request(ctx: CheckAnswersContext) {
  const checked = predictionAnswers(ctx.stash.questions ?? [], ctx.args.answers ?? []);
  if (!Object.hasOwn(checked, 'answers')) util.error((checked as { error: string }).error, ERROR.validation);
  ctx.stash.answers = (checked as { answers: AnswerItem[] }).answers;
  return runtime.earlyReturn(ctx.prev.result);
}

export function response(ctx: CheckAnswersContext) {
  return ctx.prev.result;
}
