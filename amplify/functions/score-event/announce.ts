/**
 * The live updates the scoring function publishes to onEventUpdate's subscribers (schema.graphql's
 * EventUpdate), each read fresh from the table so it shows the event as it is now: RESULT (the
 * event and a match), STATE (the event), LEADERBOARD (the event and the top 20 of its board, the
 * first rows of EventCard.leaderboard). They are published through publishEventUpdate with callApi (the
 * function's own IAM identity); AppSync sends subscribers only what that mutation selects, so the
 * mutation is the generated document (client/graphql/), which selects every field of EventUpdate.
 */
import { GetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { publishEventUpdate, publishLeagueMessage } from '@pickem/client/graphql/mutations';
import type { MessageItem } from '@pickem/domain/entities/chat';
import { EVENT, toEvent, type EventItem } from '@pickem/domain/entities/event';
import { MATCH, toMatch, type MatchItem } from '@pickem/domain/entities/match';
import {
  BOARD,
  boardPicked,
  chunkRowsOf,
  rowPrediction,
  type BoardChunk,
  type BoardHead,
  type EventRow,
} from '@pickem/domain/entities/board';
import type { PredictionItem } from '@pickem/domain/entities/prediction';
import type { ItemKey } from '@pickem/domain/entities/table';
import { MAX_SUBSCRIPTION_MESSAGE_BYTES, callApi } from 'appsync-cloud/lambda';
import { LIVE_LEADERBOARD_SIZE, eventUpdateProblem } from '@pickem/domain/live';
import type { EventUpdateInput } from '@pickem/domain/schema-types';
import { resultsVisible, visiblePrediction } from '@pickem/domain/visibility';
import { fromAttributes, toAttributes } from './attributes.ts';

/**
 * Builds each kind of update from what the table holds now; null when the event (or the match, or for
 * a LEADERBOARD the board) is not there. Each carries readAt, taken just before its reads: overlapping
 * passes and retries can publish an older snapshot after a newer one, and readAt lets a client keep the
 * newest of each kind. A LEADERBOARD also carries its board's version, which orders boards exactly
 * (two announcers' reads can interleave, so a later readAt can still show an older board).
 */
export function createAnnouncer(opts: { client: DynamoDBClient; tableName: string; now?: () => number }) {
  const { client, tableName } = opts;
  const now = opts.now ?? Date.now;
  const readingAt = () => new Date(now()).toISOString();

  const get = async <T>(key: ItemKey): Promise<T | null> => {
    const out = await client.send(
      new GetItemCommand({ TableName: tableName, Key: toAttributes({ ...key }), ConsistentRead: true }),
    );
    return out.Item ? (fromAttributes(out.Item) as T) : null;
  };

  /**
   * The top of the event's board (its head and first chunk), as EventCard.leaderboard's first page
   * shows it: rows in rank order as Predictions, and the board's version; null before the first
   * scoring pass.
   */
  const topOfLeaderboard = async (event: EventItem): Promise<{ rows: PredictionItem[]; version: number } | null> => {
    const head = await get<BoardHead>(BOARD.eventHeadKey(event.id));
    if (!head) return null;
    if (head.rowCount === 0) return { rows: [], version: head.version };
    const first = await get<BoardChunk<EventRow>>(BOARD.chunkKey(BOARD.chunkPk(head.scope, head.chunkSet, 0)));
    if (!first)
      throw new Error(
        `The first chunk of event ${event.id}'s board (version ${head.version}) is gone: a newer version replaced it`,
      );
    const rows = chunkRowsOf(first)
      .slice(0, LIVE_LEADERBOARD_SIZE)
      .map((row) => rowPrediction(head, event, row, new Date(row[6]).toISOString()));
    return { rows, version: head.version };
  };

  return {
    async result(eventId: string, matchId: string): Promise<EventUpdateInput | null> {
      const readAt = readingAt();
      const [event, match, head] = await Promise.all([
        get<EventItem>(EVENT.key(eventId)),
        get<MatchItem>(MATCH.key(eventId, matchId)),
        get<BoardHead>(BOARD.eventHeadKey(eventId)),
      ]);
      const position = event ? event.matchOrder.indexOf(matchId) + 1 : 0;
      if (!event || !match || position === 0) return null;
      return {
        eventId,
        kind: 'RESULT',
        readAt,
        event: toEvent(event),
        matchId,
        match: toMatch(match, position, resultsVisible(event, false), boardPicked(head)?.[matchId] ?? null),
      };
    },

    async state(eventId: string): Promise<EventUpdateInput | null> {
      const readAt = readingAt();
      const event = await get<EventItem>(EVENT.key(eventId));
      return event ? { eventId, kind: 'STATE', readAt, event: toEvent(event) } : null;
    },

    async leaderboard(eventId: string): Promise<EventUpdateInput | null> {
      const readAt = readingAt();
      const event = await get<EventItem>(EVENT.key(eventId));
      if (!event) return null;
      const top = await topOfLeaderboard(event);
      if (!top) return null;
      const at = now();
      const leaderboard = top.rows.map((item) => {
        const row = visiblePrediction(item, event, false, at);
        return {
          ...row,
          picks: row.picks.map((p) => ({ matchId: p.matchId, team: p.team, method: p.method, joker: p.joker })),
        };
      });
      return { eventId, kind: 'LEADERBOARD', readAt, event: toEvent(event), leaderboard, boardVersion: top.version };
    },
  };
}

export type Announcer = ReturnType<typeof createAnnouncer>;

/**
 * The UTF-8 size of `update` as a subscriber receives it: the real-time `data` message, with the
 * `__typename` the generated selection adds to every object.
 */
export function deliveredBytes(update: EventUpdateInput): number {
  const typed = <T extends object>(typename: string, value: T) => ({ __typename: typename, ...value });
  const match = update.match
    ? typed('Match', { ...update.match, teams: update.match.teams.map((t) => typed('Team', t)) })
    : null;
  const leaderboard = update.leaderboard
    ? update.leaderboard.map((p) => typed('Prediction', { ...p, picks: p.picks.map((pick) => typed('Pick', pick)) }))
    : null;
  const payload = typed('EventUpdate', { ...update, event: typed('Event', update.event), match, leaderboard });
  const message = {
    id: '00000000-0000-0000-0000-000000000000',
    type: 'data',
    payload: { data: { onEventUpdate: payload } },
  };
  return Buffer.byteLength(JSON.stringify(message), 'utf8');
}

/**
 * `update` within AppSync's subscription payload limit: a RESULT whose match alone would exceed it
 * (a match of 30 teams of 30 long names can) goes without the match, keeping its matchId, so that
 * subscribers read the card; a LEADERBOARD whose rows' answers would (20 questions of 30 options
 * each) goes without the answers, and an update whose event carries many late card changes without
 * them: neither changes after the bell, so a subscriber keeps those it read. Anything else that does not fit is an error.
 */
export function withinPayloadLimit(update: EventUpdateInput): EventUpdateInput {
  if (deliveredBytes(update) <= MAX_SUBSCRIPTION_MESSAGE_BYTES) return update;
  const event = { ...update.event, cardChanges: [] };
  const lighter = update.match
    ? { ...update, event, match: null }
    : { ...update, event, leaderboard: update.leaderboard?.map((p) => ({ ...p, answers: [] })) ?? null };
  const size = deliveredBytes(lighter);
  if (size > MAX_SUBSCRIPTION_MESSAGE_BYTES) {
    throw new Error(
      `A ${update.kind} update of event ${update.eventId} is ${size} bytes; AppSync delivers at most ${MAX_SUBSCRIPTION_MESSAGE_BYTES}`,
    );
  }
  return lighter;
}

/**
 * Publishes one update through publishEventUpdate; throws when it was not accepted, or when the
 * function has no API to publish to (callApi needs API_URL, which the data source's callsApi gives it
 * on AWS and locally alike).
 */
export async function publish(update: EventUpdateInput): Promise<void> {
  const problem = eventUpdateProblem(update);
  if (problem !== null)
    throw new Error(`Refusing to publish an incoherent ${update.kind} update of event ${update.eventId}: ${problem}`);
  await call(publishEventUpdate, 'publishEventUpdate', { input: withinPayloadLimit(update) });
}

/**
 * Sends a SYSTEM message the final pass wrote (belt.ts) to onLeagueMessage's subscribers through
 * publishLeagueMessage (the generated document: subscribers receive every field); throws as publish does.
 */
export async function publishMessage(message: MessageItem): Promise<void> {
  await call(publishLeagueMessage, 'publishLeagueMessage', { input: message });
}

/** Calls an IAM mutation of the API; throws when it was refused or answered nothing. */
async function call(document: string, field: string, variables: Record<string, unknown>): Promise<void> {
  const answer = await callApi(document, variables);
  if (answer.errors?.length) {
    throw new Error(
      `${field} refused: ${answer.errors.map((e) => `${e.errorType ?? 'Error'}: ${e.message}`).join('; ')}`,
    );
  }
  if (!(answer.data as Record<string, unknown> | undefined)?.[field]) throw new Error(`${field} answered nothing`);
}
