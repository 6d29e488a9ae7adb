import { runtime, util, type Context, type DynamoDBBatchGetItemRequest } from '@aws-appsync/utils';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import { PROFILE } from '@pickem/domain/entities/profile';
import { REMINDER } from '@pickem/domain/entities/reminder';
import type { ItemKey } from '@pickem/domain/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import type { LeagueSource } from '../lib/league';
import { memberItemsRead, type MemberRead } from '../lib/league-tables';
import type { LeagueTableStash } from '../lib/stash';
import { tableOf } from '../lib/transact';

type GetMemberPredictionsContext = Context<
  { eventId: string },
  LeagueTableStash,
  undefined,
  LeagueSource,
  { data: Record<string, MemberRead[]> }
>;

/**
 * Every member's prediction for the event and their profile (and, for League.missingPicks, their reminder
 * settings): one BatchGetItem, 2 or 3 keys a member (at most 90). Skipped without the event.
 */
export function request(ctx: GetMemberPredictionsContext): DynamoDBBatchGetItemRequest {
  const event = ctx.stash.event;
  ctx.stash.predictions = {};
  ctx.stash.profiles = {};
  ctx.stash.reminders = {};
  if (!event || ctx.stash.members.length === 0) return runtime.earlyReturn(null);
  const keys: ItemKey[] = [];
  for (const m of ctx.stash.members) {
    keys.push(PREDICTION.key(m.userId, event.date, event.id));
    keys.push(PROFILE.key(m.userId));
    if (ctx.stash.withReminders) keys.push(REMINDER.key(m.userId));
  }
  return {
    operation: 'BatchGetItem',
    tables: { [tableOf(ctx)]: { keys: keys.map((k) => util.dynamodb.toMapValues(k)) } },
  };
}

export function response(ctx: GetMemberPredictionsContext) {
  raiseDataSourceError(ctx.error);
  memberItemsRead(ctx, ctx.result.data[tableOf(ctx)] ?? []);
  return null;
}
