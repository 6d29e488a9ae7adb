import type { Context } from '@aws-appsync/utils';
import { caller } from './lib/caller';
import type { MutationSavePredictionArgs, MutationSavePredictionResult } from '@pickem/domain/schema-types';
import { requiredId } from './lib/validate';

type SavePredictionContext = Context<
  MutationSavePredictionArgs,
  Record<string, never>,
  { result: MutationSavePredictionResult }
>;

/** Pipeline: getEventCard → getMyProfile → checkAnswers → putPrediction. Players act only as themselves. */
export function request(ctx: SavePredictionContext) {
  caller(ctx);
  requiredId(ctx.args.eventId, 'eventId');
  ctx.args.picks.forEach((pick, i) => requiredId(pick.matchId, `picks[${i}].matchId`));
  (ctx.args.answers ?? []).forEach((answer, i) => requiredId(answer.questionId, `answers[${i}].questionId`));
  return {};
}

export function response(ctx: SavePredictionContext): MutationSavePredictionResult {
  return ctx.prev.result;
}
