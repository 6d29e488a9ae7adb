import { runtime, util, type Context } from '@aws-appsync/utils';
import { caller } from '../lib/caller';
import { JOIN_ATTEMPTS } from '../lib/entities/league';
import { ERROR } from '../lib/errors';
import { REFUSAL, UNDER_ATTEMPTS, joinWindow } from '../lib/league';
import type { LeagueStash } from '../lib/stash';
import { raiseWriteError, typed } from '../lib/transact';

type RecordWrongCodeContext = Context<unknown, LeagueStash>;

/**
 * joinLeague, after getCodeLeague: a code no league has is counted in the caller's current minute (one
 * conditional UpdateItem: ADD count on the condition that it is below JOIN_ATTEMPTS.maxWrong), then
 * answered InvalidCode; a full window answers TooManyAttempts and writes nothing. The count needs no
 * read first, so parallel guesses cannot get past it. A code that exists skips this step.
 */
export function request(ctx: RecordWrongCodeContext) {
  if (!ctx.stash.wrongCode) return runtime.earlyReturn(null);
  const window = joinWindow();
  const userId = caller(ctx).sub;
  return {
    operation: 'UpdateItem',
    key: util.dynamodb.toMapValues(JOIN_ATTEMPTS.key(userId, window)),
    update: typed({
      expression: 'SET #type = :type, #userId = :userId, #expiresAt = :expiresAt ADD #count :one',
      names: { '#type': 'type', '#userId': 'userId', '#expiresAt': 'expiresAt', '#count': 'count' },
      values: { ':type': JOIN_ATTEMPTS.type, ':userId': userId, ':expiresAt': (window + 2) * JOIN_ATTEMPTS.windowSeconds, ':one': 1 },
    }),
    condition: typed(UNDER_ATTEMPTS),
  };
}

export function response(ctx: RecordWrongCodeContext) {
  raiseWriteError(ctx, [REFUSAL.tooManyAttempts()]);
  util.error('No league has this invite code', ERROR.invalidCode);
  return null;
}
