import type { Context } from '@aws-appsync/utils';
import { BOARD, boardOptionPicks, boardPicked, shownHead, type BoardHead } from '@pickem/domain/entities/board';
import { EVENT, type EventItem } from '@pickem/domain/entities/event';
import { MAX_MATCHES_PER_CARD, type MatchItem } from '@pickem/domain/entities/match';
import { QUESTION, type QuestionItem } from '@pickem/domain/entities/question';
import type { ItemKey } from '@pickem/domain/entities/table';
import { QUESTION_LIMIT } from '@pickem/domain/limits';
import { raiseDataSourceError } from '../lib/errors';
import { query, type QueryPage } from '../lib/query';
import type { CardStash } from '../lib/stash';

type PartitionItem = ItemKey & (EventItem | MatchItem | QuestionItem | BoardHead);
type GetEventCardContext = Context<{ eventId: string }, CardStash, undefined, undefined, QueryPage<PartitionItem>>;

const isEvent = (item: PartitionItem): item is ItemKey & EventItem => EVENT.is(item);
const isHead = (item: PartitionItem): item is ItemKey & BoardHead => BOARD.isHead(item);
const isQuestion = (item: PartitionItem): item is ItemKey & QuestionItem =>
  (item as { type?: string }).type === QUESTION.type;
const isMatch = (item: PartitionItem): item is ItemKey & MatchItem =>
  !EVENT.is(item) && !BOARD.isHead(item) && !isQuestion(item);
/** The event item, its matches and its questions (and the board head, when read). */
const PARTITION_LIMIT = MAX_MATCHES_PER_CARD + QUESTION_LIMIT.perEvent + 1;

/** The event card (its leaderboard) and a league's event board (the picks at the bell the underdog bonus counts) read the head; card edits skip it. */
const readsBoard = (ctx: GetEventCardContext) =>
  ctx.info.parentTypeName === 'Query' || ctx.info.parentTypeName === 'League';

/**
 * Reads an event's partition: the event item, its matches and, for Query.eventCard, its board head
 * (one more item, sorted first; the leaderboard and the caller's live rank are read from it). Stashes
 * `event` (null when there is no such event), `matches`, `questions` and `board` (null without a head, when not
 * read, or for a live board built on no result yet: `shownHead`). A mutation reads strongly consistent, so that it validates against the latest card.
 */
export function request(ctx: GetEventCardContext) {
  const eventId = ctx.args.eventId;
  const consistentRead = ctx.info.parentTypeName === 'Mutation';
  if (readsBoard(ctx)) return query(EVENT.card(eventId), { limit: PARTITION_LIMIT + 1, consistentRead });
  return query(EVENT.cardItems(eventId), { limit: PARTITION_LIMIT, consistentRead });
}

export function response(ctx: GetEventCardContext) {
  raiseDataSourceError(ctx.error);
  const items = ctx.result.items;
  const event = items.find(isEvent) ?? null;
  ctx.stash.event = event;
  ctx.stash.matches = items.filter(isMatch);
  ctx.stash.questions = items.filter(isQuestion);
  const head = items.find(isHead) ?? null;
  ctx.stash.board = shownHead(head);
  // The picks at the bell are counted by the BROADCAST pass already, on the board not yet shown.
  ctx.stash.picked = boardPicked(head);
  ctx.stash.optionPicks = head === null ? null : boardOptionPicks(head);
  return event;
}
