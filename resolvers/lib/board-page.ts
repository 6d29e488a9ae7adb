import { util, type DynamoDBBatchGetItemRequest } from '@aws-appsync/utils';
import {
  boardFigures,
  boardOffset,
  boardToken,
  pageChunkKeys,
  pageRows,
  rowPrediction as boardRowPrediction,
  type BoardChunk,
  type BoardHead,
  type EventRow,
  type SeasonRow,
} from '@pickem/domain/entities/board';
import type { PredictionItem } from '@pickem/domain/entities/prediction';
import { SEASON } from '@pickem/domain/entities/season';
import type { ItemKey } from '@pickem/domain/entities/table';
import { ERROR } from './errors';
import { pageSize, type PageArgs } from './query';
import type { Event } from '@pickem/domain/schema-types';

/**
 * A page of a board (entities/board.ts) as the screens read it: the head is read first (the event
 * card's Query, or the season's GetItem), then one BatchGetItem of the at most two chunks holding the
 * page's rows. A page token is the offset of the page's first row on the board.
 */

export interface BoardPage {
  offset: number;
  limit: number;
}

/** The page the arguments ask for: `limit` as every list checks it, `nextToken` an offset on `head` (null: an empty board), else a ValidationError. */
export function boardPage(head: Pick<BoardHead, 'rowCount'> | null, args: PageArgs): BoardPage {
  const limit = pageSize(args.limit);
  const token = args.nextToken;
  if (token === null || token === undefined) return { offset: 0, limit };
  const offset = boardOffset(head ?? { rowCount: 0 }, token);
  if (offset === null)
    util.error('Invalid nextToken: it is not a page of this board (start again without one)', ERROR.validation);
  return { offset, limit };
}

/** The keys of the page's chunks: none for an empty board or a page past its end. */
export function pageKeys(head: BoardHead | null, page: BoardPage): ItemKey[] {
  return head === null ? [] : pageChunkKeys(head, page.offset, page.limit);
}

/**
 * One BatchGetItem of the page's chunks, strongly consistent: a head lists only chunks written before
 * it, so a chunk it names is always found (an eventually consistent read might not see it yet).
 */
export function chunksRequest(table: string, keys: ItemKey[]): DynamoDBBatchGetItemRequest {
  return {
    operation: 'BatchGetItem',
    tables: { [table]: { keys: keys.map((key) => util.dynamodb.toMapValues(key)), consistentRead: true } },
  };
}

/** The page's rows from the chunks read (a chunk not returned leaves its rows out) and the next page's token. */
export function pageOf<Row>(
  head: BoardHead,
  read: ((ItemKey & BoardChunk<Row>) | null)[],
  page: BoardPage,
): { rows: Row[]; nextToken: string | null } {
  const chunks: (ItemKey & BoardChunk<Row>)[] = [];
  read.forEach((chunk) => {
    if (chunk) chunks.push(chunk);
  });
  const next = page.offset + page.limit;
  return {
    rows: pageRows(head, chunks, page.offset, page.limit),
    nextToken: next < head.rowCount ? boardToken(next) : null,
  };
}

/** An event board's row as a prediction of `event` (domain/entities/board.ts rowPrediction). */
export function rowPrediction(
  head: BoardHead,
  event: Pick<Event, 'id' | 'name' | 'date'>,
  row: EventRow,
): PredictionItem {
  return boardRowPrediction(head, event, row, util.time.epochMilliSecondsToISO8601(row[6]));
}

/** A season board's row as the GraphQL Standing. */
export function rowStanding(seasonId: string, row: SeasonRow) {
  return {
    seasonId,
    season: SEASON.year(seasonId),
    rank: row[4],
    userId: row[0],
    displayName: row[1],
    points: row[2],
    correct: row[3],
    eventsPlayed: row[5],
  };
}

export { boardFigures };
