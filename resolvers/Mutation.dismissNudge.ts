import { util, type Context } from '@aws-appsync/utils';
import { NUDGE } from '@pickem/domain/entities/nudge';
import type { MutationDismissNudgeArgs, MutationDismissNudgeResult } from '@pickem/domain/schema-types';
import { caller } from './lib/caller';
import { ERROR, raiseDataSourceError } from './lib/errors';

type DismissNudgeContext = Context<MutationDismissNudgeArgs>;

/** The caller hides one of their nudges: one DeleteItem in their own partition (true even if it was gone). */
export function request(ctx: DismissNudgeContext) {
  if (!NUDGE.isId(ctx.args.id)) util.error('Not a nudge id', ERROR.validation);
  return { operation: 'DeleteItem', key: util.dynamodb.toMapValues(NUDGE.key(caller(ctx).sub, ctx.args.id)) };
}

export function response(ctx: DismissNudgeContext): MutationDismissNudgeResult {
  raiseDataSourceError(ctx.error);
  return true;
}
