import { util, type Context } from '@aws-appsync/utils';
import { caller, isGuest } from '../lib/caller';
import { JOIN_ATTEMPTS } from '@pickem/domain/entities/league';
import { TABLE } from '@pickem/domain/entities/table';
import { ERROR, raiseDataSourceError } from '../lib/errors';
import { REFUSAL, UNDER_ATTEMPTS, UNDER_GUEST_ATTEMPTS, joinWindow, raise } from '../lib/league';
import { getItem } from '../lib/query';
import type { LeagueStash } from '../lib/stash';
import { raiseWriteError, typed } from '../lib/transact';

type CheckJoinAttemptsContext = Context<unknown, LeagueStash, undefined, undefined, { count?: number } | null>;

/**
 * joinLeague and leaguePreview, after getCodeLeague: the caller's wrong codes in their current minute (JOIN_ATTEMPTS).
 * A code no league has is counted (one conditional UpdateItem: ADD count on the condition that it is
 * below maxWrong, no read first, so parallel guesses cannot get past it), then answered InvalidCode.
 * A code that exists: the count is read (one strongly consistent GetItem), so that a throttled player
 * learns nothing of a right code (not even that its league is closed or full). Either way a full
 * window answers TooManyAttempts and writes nothing; writeJoin's transaction checks the count again.
 * A signed-out guest (leaguePreview only) is counted in the guests' shared window (JOIN_ATTEMPTS.guestId).
 */
/** Whose wrong codes count: the player's, or all guests' together. */
function counted(ctx: CheckJoinAttemptsContext): { userId: string; cap: number } {
  if (isGuest(ctx)) return { userId: JOIN_ATTEMPTS.guestId, cap: JOIN_ATTEMPTS.maxWrongGuests };
  return { userId: caller(ctx).sub, cap: JOIN_ATTEMPTS.maxWrong };
}

export function request(ctx: CheckJoinAttemptsContext) {
  const { userId } = counted(ctx);
  const window = joinWindow();
  const key = JOIN_ATTEMPTS.key(userId, window);
  if (!ctx.stash.wrongCode) return getItem(key, true);
  return {
    operation: 'UpdateItem',
    key: util.dynamodb.toMapValues(key),
    update: typed({
      expression: 'SET #type = :type, #userId = :userId, #expiresAt = :expiresAt ADD #count :one',
      names: { '#type': 'type', '#userId': 'userId', '#expiresAt': TABLE.ttl, '#count': 'count' },
      values: {
        ':type': JOIN_ATTEMPTS.type,
        ':userId': userId,
        ':expiresAt': (window + 2) * JOIN_ATTEMPTS.windowSeconds,
        ':one': 1,
      },
    }),
    condition: typed(isGuest(ctx) ? UNDER_GUEST_ATTEMPTS : UNDER_ATTEMPTS),
  };
}

export function response(ctx: CheckJoinAttemptsContext) {
  if (!ctx.stash.wrongCode) {
    raiseDataSourceError(ctx.error);
    if (ctx.result && (ctx.result.count ?? 0) >= counted(ctx).cap) raise(REFUSAL.tooManyAttempts());
    return null;
  }
  raiseWriteError(ctx, [REFUSAL.tooManyAttempts()]);
  util.error('No league has this invite code', ERROR.invalidCode);
  return null;
}
