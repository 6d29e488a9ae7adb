/** Season standings: the key of a player's standing in a season. */
import { STANDING } from '@pickem/domain/entities/standing';

/** The key of a season standing; a season that does not fit its key is refused. */
export function standingKey(userId: string, seasonId: string) {
  const key = STANDING.key(userId, seasonId);
  if (key === null) throw new Error(`Season ${seasonId} does not fit a standing's key`);
  return key;
}
