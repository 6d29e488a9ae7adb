import { runtime, util, type Context, type DynamoDBBatchGetItemRequest } from '@aws-appsync/utils';
import { SEASON_RANKS, type SeasonRanksItem } from '@pickem/domain/entities/season-ranks';
import { STANDING } from '@pickem/domain/entities/standing';
import type { ItemKey } from '@pickem/domain/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import { projection } from '../lib/query';
import type { ProfileStash } from '../lib/stash';
import { tableOf } from '../lib/transact';

type Bucket = Pick<SeasonRanksItem, 'seasonId' | 'bucket' | 'above' | 'scores'> | null;
type GetSeasonRanksContext = Context<unknown, ProfileStash, undefined, undefined, { data: Record<string, Bucket[]> }>;

/**
 * For each stashed standing, the bucket of its season's rank histogram that holds its points
 * (domain/entities/season-ranks.ts): one BatchGetItem of one small item a season (at most
 * MAX_SEASONS keys), whatever the players or the events of the season. Skipped when the player has no
 * standing. Stashes the buckets by season id.
 */
export function request(ctx: GetSeasonRanksContext): DynamoDBBatchGetItemRequest {
  ctx.stash.ranks = {};
  const keys: ItemKey[] = [];
  const seen: string[] = [];
  for (const standing of ctx.stash.standings) {
    const id = STANDING.seasonIdOf(standing.seasonId ?? standing.season);
    if (id !== null && seen.indexOf(id) < 0) {
      seen.push(id);
      keys.push(SEASON_RANKS.keyFor(id, standing.points));
    }
  }
  if (keys.length === 0) return runtime.earlyReturn(null);
  return {
    operation: 'BatchGetItem',
    tables: {
      [tableOf(ctx)]: {
        keys: keys.map((key) => util.dynamodb.toMapValues(key)),
        projection: projection(['seasonId', 'bucket', 'above', 'scores']),
      },
    },
  };
}

/** A bucket left unprocessed by DynamoDB (throttling) or not written yet is absent: its standing ranks against no one. */
export function response(ctx: GetSeasonRanksContext) {
  raiseDataSourceError(ctx.error);
  for (const bucket of ctx.result.data[tableOf(ctx)] ?? []) {
    if (bucket && bucket.seasonId !== undefined && bucket.scores)
      ctx.stash.ranks[bucket.seasonId] = { bucket: bucket.bucket, above: bucket.above, scores: bucket.scores };
  }
  return null;
}
