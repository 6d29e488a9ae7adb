import { runtime, util, type Context, type DynamoDBBatchGetItemRequest } from '@aws-appsync/utils';
import { BOARD, type BoardHead } from '@pickem/domain/entities/board';
import { STANDING } from '@pickem/domain/entities/standing';
import { raiseDataSourceError } from '../lib/errors';
import { projection } from '../lib/query';
import type { ProfileStash } from '../lib/stash';
import { tableOf } from '../lib/transact';

type Head = Pick<BoardHead, 'scope' | 'scores'> | null;
type GetSeasonHeadsContext = Context<unknown, ProfileStash, undefined, undefined, { data: Record<string, Head[]> }>;

/**
 * The board heads of the seasons of the stashed standings (one BatchGetItem, at most MAX_SEASONS
 * keys, the heads' scope and score counts projected): a standing's rank is read from its season's
 * head. Skipped when the player has no standing. Stashes `scores` by season id.
 */
export function request(ctx: GetSeasonHeadsContext): DynamoDBBatchGetItemRequest {
  ctx.stash.scores = {};
  const ids: string[] = [];
  for (const standing of ctx.stash.standings) {
    const id = STANDING.seasonIdOf(standing.seasonId ?? standing.season);
    if (id !== null && ids.indexOf(id) < 0) ids.push(id);
  }
  if (ids.length === 0) return runtime.earlyReturn(null);
  return {
    operation: 'BatchGetItem',
    tables: {
      [tableOf(ctx)]: {
        keys: ids.map((id) => util.dynamodb.toMapValues(BOARD.seasonHeadKey(id))),
        projection: projection(['scope', 'scores']),
      },
    },
  };
}

/** A head left unprocessed by DynamoDB (throttling) is absent: its standing ranks against no one. */
export function response(ctx: GetSeasonHeadsContext) {
  raiseDataSourceError(ctx.error);
  const prefix = BOARD.seasonScope('');
  for (const head of ctx.result.data[tableOf(ctx)] ?? []) {
    if (head && head.scope.startsWith(prefix))
      ctx.stash.scores[head.scope.slice(prefix.length)] = { scores: head.scores };
  }
  return null;
}
