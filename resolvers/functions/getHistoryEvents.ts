import { runtime, util, type Context, type DynamoDBBatchGetItemRequest } from '@aws-appsync/utils';
import { BOARD, shownHead, type BoardHead } from '@pickem/domain/entities/board';
import { EVENT, type EventItem } from '@pickem/domain/entities/event';
import type { ItemKey } from '@pickem/domain/entities/table';
import { raiseDataSourceError } from '../lib/errors';
import { projection } from '../lib/query';
import { MAX_BATCH_GET_KEYS } from '@pickem/domain/limits';
import type { HistoryStash } from '../lib/stash';
import { tableOf } from '../lib/transact';

type Found =
  | (Partial<Pick<EventItem, 'id' | 'name' | 'state' | 'startsAtMs'>> &
      Partial<Pick<BoardHead, 'scope' | 'card' | 'scores' | 'rules' | 'tieBreakAnswer' | 'final' | 'cardRev'>>)
  | null;
type GetHistoryEventsContext = Context<
  Record<string, unknown>,
  HistoryStash,
  undefined,
  undefined,
  { data: Record<string, Found[]> }
>;

/**
 * The name, state and bell of every event of the history page, read from the event items (one
 * BatchGetItem of at most 100 keys): visibility follows the event, not the prediction (an admin may
 * move an event's startsAt after predictions were saved), and the history shows the event's name now,
 * so renaming an event rewrites no prediction. In the same request, the board head of each event whose
 * prediction the final pass has not scored yet (an upcoming event: no head; a live one: its live board),
 * so that a live event's points and rank show as its card shows them. Skipped for an empty page.
 */
export function request(ctx: GetHistoryEventsContext): DynamoDBBatchGetItemRequest {
  const ids: string[] = [];
  for (const item of ctx.stash.page.items) if (ids.indexOf(item.eventId) < 0) ids.push(item.eventId);
  if (ids.length === 0) return runtime.earlyReturn(null);
  const keys: ItemKey[] = ids.map((id) => EVENT.key(id));
  for (const item of ctx.stash.page.items) {
    const unscored = item.points === null || item.points === undefined;
    if (unscored && keys.length < MAX_BATCH_GET_KEYS) keys.push(BOARD.eventHeadKey(item.eventId));
  }
  return {
    operation: 'BatchGetItem',
    tables: {
      [tableOf(ctx)]: {
        keys: keys.map((key) => util.dynamodb.toMapValues(key)),
        projection: projection([
          'id',
          'name',
          'state',
          'startsAtMs',
          'scope',
          'card',
          'scores',
          'rules',
          'tieBreakAnswer',
          'final',
          'cardRev',
        ]),
      },
    },
  };
}

/**
 * An item left unprocessed by DynamoDB (throttling) is absent: for an event, the rule then shows the
 * least and the name is the one saved with the prediction; for a head, the stored figures show.
 */
export function response(ctx: GetHistoryEventsContext) {
  raiseDataSourceError(ctx.error);
  const prefix = BOARD.eventScope('');
  for (const found of ctx.result.data[tableOf(ctx)] ?? []) {
    if (found && found.scope !== undefined && found.card && found.scores && shownHead(found)) {
      ctx.stash.heads[found.scope.slice(prefix.length)] = {
        card: found.card,
        scores: found.scores,
        rules: found.rules,
        tieBreakAnswer: found.tieBreakAnswer ?? null,
        final: found.final === true,
      };
    } else if (
      found &&
      found.id !== undefined &&
      found.name !== undefined &&
      found.state &&
      found.startsAtMs !== undefined
    ) {
      ctx.stash.events[found.id] = { name: found.name, state: found.state, startsAtMs: found.startsAtMs };
    }
  }
  return null;
}
