/**
 * The resolvers' adapter of the named access patterns (resolvers/lib/query.ts): the exact DynamoDB
 * request each read resolver and pipeline function sends, run bundled in the APPSYNC_JS sandbox.
 */
import { describe, expect, it } from 'vitest';
import { bundleResolver } from '../../project.ts';
import { compileCode, contextWithDefaults } from 'appsync-local';
import type { BoardHead } from '@pickem/domain/entities/board';
import { shardOf } from '@pickem/domain/entities/entry';
import { MAX_MATCHES_PER_CARD } from '@pickem/domain/entities/match';
import { QUESTION_LIMIT } from '@pickem/domain/limits';
import { itemKey, TABLE } from '@pickem/domain/entities/table';

const identity = { sub: 'u1', username: 'u1', groups: [], claims: { sub: 'u1' } };
const S = (value: string) => ({ S: value });

/** A board head of `scope` whose chunk set `s1` holds `rowCount` rows. */
const head = (scope: string, rowCount: number): BoardHead => ({
  scope,
  version: 1,
  rowCount,
  chunkSet: 's1',
  rowsHash: 'h',
  previous: null,
  scores: [],
  final: true,
  card: [],
  builtAt: '2031-01-01T00:00:00.000Z',
});

/** The request `file`'s request handler returns for this context. */
function requestOf(file: string, context: Record<string, unknown>) {
  const outcome = compileCode(file, bundleResolver(file)).run('request', contextWithDefaults({ identity, ...context }));
  return outcome.kind === 'value' ? outcome.value : outcome;
}

describe('named access patterns as the resolvers request them', () => {
  it('EVENT.list: the GSI partition of all events, newest first, one page of the arguments', () => {
    expect(requestOf('resolvers/Query.events.ts', { arguments: { limit: 5, nextToken: 'next' } })).toEqual({
      operation: 'Query',
      index: TABLE.index,
      query: {
        expression: '#pk = :pk',
        expressionNames: { '#pk': TABLE.gsiPk },
        expressionValues: { ':pk': S('EVENTS') },
      },
      scanIndexForward: false,
      limit: 5,
      nextToken: 'next',
    });
  });

  it("EventCard.leaderboard: one strongly consistent BatchGetItem of the chunks of the page, from the head the card carried, then the page's names", () => {
    const event = { id: 'e1', startsAt: '2020-01-01T00:00:00.000Z', state: 'SCORED' };
    const chunks = ['BOARD#EVENT#e1#s1#0', 'BOARD#EVENT#e1#s1#1', 'BOARD#EVENT#e1#s1#2'];
    const board = { ...head('EVENT#e1', 250), ...itemKey('EVENT#e1', 'BOARD') };
    const read = (args: Record<string, unknown>) =>
      requestOf('resolvers/functions/getLeaderboardChunks.ts', {
        arguments: args,
        source: { event, board },
        env: { TABLE_NAME: 'T' },
        stash: {},
      });
    const batch = (pks: string[]) => ({
      operation: 'BatchGetItem',
      tables: { T: { keys: pks.map((pk) => itemKey(S(pk), S('CHUNK'))), consistentRead: true } },
    });
    expect(read({})).toEqual(batch([chunks[0]]));
    expect(read({ limit: 100, nextToken: '150' })).toEqual(batch([chunks[1], chunks[2]]));
    expect(read({ nextToken: '250' })).toMatchObject({ kind: 'earlyReturn', value: null });
    for (const token of ['251', '-1', '1.5', 'abc', '']) {
      expect(read({ nextToken: token }), token).toMatchObject({
        kind: 'error',
        error: { errorType: 'ValidationError', message: expect.stringMatching(/token/i) },
      });
    }
    const live = { ...event, state: 'BROADCAST' };
    expect(
      requestOf('resolvers/functions/getLeaderboardChunks.ts', {
        arguments: {},
        source: { event: live, board: null },
        stash: {},
      }),
    ).toMatchObject({ kind: 'earlyReturn', value: null });
    expect(requestOf('resolvers/EventCard.leaderboard.ts', { arguments: {}, source: { event: live, board } })).toEqual(
      {},
    );
    const upcoming = { ...event, state: 'UPCOMING' };
    expect(
      requestOf('resolvers/EventCard.leaderboard.ts', { arguments: {}, source: { event: upcoming, board } }),
    ).toMatchObject({ kind: 'earlyReturn', value: null });
    // The page's players' profiles, their id and name alone, eventually consistent.
    expect(
      requestOf('resolvers/functions/getRowNames.ts', {
        env: { TABLE_NAME: 'T' },
        stash: {
          rows: [
            ['u1', 'A', 3],
            ['u2', 'B', 1],
          ],
        },
      }),
    ).toEqual({
      operation: 'BatchGetItem',
      tables: {
        T: {
          keys: [itemKey(S('USER#u1'), S('PROFILE')), itemKey(S('USER#u2'), S('PROFILE'))],
          projection: {
            expression: '#id, #displayName',
            expressionNames: { '#id': 'id', '#displayName': 'displayName' },
          },
        },
      },
    });
    expect(requestOf('resolvers/functions/getRowNames.ts', { stash: { rows: [] } })).toMatchObject({
      kind: 'earlyReturn',
    });
  });

  it("Query.standings: the season's board head (GetItem), then the page's chunks; a ValidationError for a season without a key", () => {
    const stash = { seasonId: '2025' };
    expect(requestOf('resolvers/Query.standings.ts', { arguments: { season: 2025, limit: 3 }, stash })).toEqual({});
    expect(requestOf('resolvers/functions/getSeasonBoard.ts', { arguments: { season: 2025 }, stash })).toEqual({
      operation: 'GetItem',
      key: itemKey(S('SEASON#2025'), S('BOARD')),
    });
    const board = head('SEASON#2025', 120);
    expect(
      requestOf('resolvers/functions/getBoardChunks.ts', {
        arguments: { limit: 3, nextToken: '99' },
        stash: { board },
        env: { TABLE_NAME: 'T' },
      }),
    ).toEqual({
      operation: 'BatchGetItem',
      tables: {
        T: {
          keys: ['BOARD#SEASON#2025#s1#0', 'BOARD#SEASON#2025#s1#1'].map((pk) => itemKey(S(pk), S('CHUNK'))),
          consistentRead: true,
        },
      },
    });
    expect(requestOf('resolvers/functions/getBoardChunks.ts', { arguments: {}, stash: { board: null } })).toMatchObject(
      { kind: 'earlyReturn' },
    );
    expect(
      requestOf('resolvers/functions/getBoardChunks.ts', { arguments: { nextToken: '20' }, stash: { board: null } }),
    ).toMatchObject({ kind: 'error', error: { errorType: 'ValidationError' } });
    expect(requestOf('resolvers/Query.standings.ts', { arguments: { season: 99_999 } })).toMatchObject({
      kind: 'error',
      error: { errorType: 'ValidationError' },
    });
    expect(requestOf('resolvers/Query.standings.ts', { arguments: { season: 2025, limit: 101 } })).toMatchObject({
      kind: 'error',
      error: { errorType: 'ValidationError' },
    });
  });

  it('PROFILE.withStandings: the partition from PROFILE on, newest season first; then one rank bucket of each of those seasons', () => {
    expect(requestOf('resolvers/functions/getProfileStandings.ts', { stash: { userId: 'u2' } })).toEqual({
      operation: 'Query',
      query: {
        expression: '#pk = :pk AND #sk >= :profile',
        expressionNames: { '#pk': TABLE.pk, '#sk': TABLE.sk },
        expressionValues: { ':pk': S('USER#u2'), ':profile': S('PROFILE') },
      },
      scanIndexForward: false,
      limit: 101,
      consistentRead: false,
    });
    // One key a season: the rank bucket of the standing's points (10 points a bucket; 0 to 9 in B#0).
    const standings = [
      { seasonId: '2026-01-31-road', season: 2026, points: 1234 },
      { season: 2025, points: 9 },
      { seasonId: '2025', season: 2025, points: 9 },
    ];
    expect(
      requestOf('resolvers/functions/getSeasonRanks.ts', { stash: { standings }, env: { TABLE_NAME: 'T' } }),
    ).toEqual({
      operation: 'BatchGetItem',
      tables: {
        T: {
          keys: [itemKey(S('RANKS#SEASON#2026-01-31-road'), S('B#123')), itemKey(S('RANKS#SEASON#2025'), S('B#0'))],
          projection: {
            expression: '#seasonId, #bucket, #above, #scores',
            expressionNames: { '#seasonId': 'seasonId', '#bucket': 'bucket', '#above': 'above', '#scores': 'scores' },
          },
        },
      },
    });
    expect(requestOf('resolvers/functions/getSeasonRanks.ts', { stash: { standings: [] } })).toMatchObject({
      kind: 'earlyReturn',
    });
  });

  it("EVENT.card: the event's partition with its board head for the card and a league's board; without it, strongly consistent, for a mutation", () => {
    const read = (parentTypeName: string) =>
      requestOf('resolvers/functions/getEventCard.ts', { arguments: { eventId: 'e1' }, info: { parentTypeName } });
    expect(read('Query')).toEqual({
      operation: 'Query',
      query: {
        expression: '#pk = :pk',
        expressionNames: { '#pk': TABLE.pk },
        expressionValues: { ':pk': S('EVENT#e1') },
      },
      // The event, every match and question a card may hold, and the head.
      limit: MAX_MATCHES_PER_CARD + QUESTION_LIMIT.perEvent + 2,
      consistentRead: false,
    });
    const withoutHead = (consistentRead: boolean) => ({
      operation: 'Query',
      query: {
        expression: '#pk = :pk AND #sk >= :event',
        expressionNames: { '#pk': TABLE.pk, '#sk': TABLE.sk },
        expressionValues: { ':pk': S('EVENT#e1'), ':event': S('EVENT') },
      },
      limit: MAX_MATCHES_PER_CARD + QUESTION_LIMIT.perEvent + 1,
      consistentRead,
    });
    expect(read('Mutation')).toEqual(withoutHead(true));
    // A league's event board reads the head too: the picks at the bell the underdog bonus counts.
    expect(read('League')).toEqual(read('Query'));
  });

  it('savePrediction: the event check, the prediction, its entry in its shard and the profile, in one transaction', () => {
    const event = {
      id: 'e1',
      name: 'Night',
      date: '2031-01-01',
      startsAt: '2031-01-01T20:00:00.000Z',
      startsAtMs: Date.parse('2031-01-01T20:00:00.000Z'),
      state: 'UPCOMING',
      season: 2031,
      matchOrder: ['m1'],
    };
    const matches = [
      { id: 'm1', eventId: 'e1', name: 'M', points: 10, teams: [{ members: ['A'] }, { members: ['B'] }] },
    ];
    const request = requestOf('resolvers/functions/putPrediction.ts', {
      arguments: { eventId: 'e1', picks: [{ matchId: 'm1', team: 1 }] },
      stash: { event, matches, profile: { id: 'u1', displayName: 'Una' } },
      env: { TABLE_NAME: 'T' },
    }) as {
      operation: string;
      transactItems: { operation: string; key: unknown; attributeValues?: Record<string, unknown> }[];
    };
    expect(request.operation).toBe('TransactWriteItems');
    expect(request.transactItems.map((item) => [item.operation, item.key])).toEqual([
      ['ConditionCheck', itemKey(S('EVENT#e1'), S('EVENT'))],
      ['PutItem', itemKey(S('USER#u1'), S('PREDICTION#2031-01-01#e1'))],
      ['PutItem', itemKey(S(`ENTRIES#e1#${shardOf('u1')}`), S('USER#u1'))],
      ['UpdateItem', itemKey(S('USER#u1'), S('PROFILE'))],
    ]);
    expect(request.transactItems[2].attributeValues).toMatchObject({
      type: S('Entry'),
      userId: S('u1'),
      eventId: S('e1'),
      displayName: S('Una'),
    });
    expect(request.transactItems[1].attributeValues).not.toHaveProperty(TABLE.gsiPk);
  });

  it("History's events: one BatchGetItem of the page's events (name, state, bell) and the board heads of the unscored predictions' events", () => {
    const items = [
      { eventId: 'e3', points: null },
      { eventId: 'e2', points: null },
      { eventId: 'e1', points: 7 },
    ];
    expect(
      requestOf('resolvers/functions/getHistoryEvents.ts', {
        stash: { page: { items }, events: {}, heads: {} },
        env: { TABLE_NAME: 'T' },
      }),
    ).toEqual({
      operation: 'BatchGetItem',
      tables: {
        T: {
          keys: [
            itemKey(S('EVENT#e3'), S('EVENT')),
            itemKey(S('EVENT#e2'), S('EVENT')),
            itemKey(S('EVENT#e1'), S('EVENT')),
            itemKey(S('EVENT#e3'), S('BOARD')),
            itemKey(S('EVENT#e2'), S('BOARD')),
          ],
          projection: {
            expression:
              '#id, #name, #state, #startsAtMs, #scope, #card, #scores, #rules, #tieBreakAnswer, #final, #cardRev',
            expressionNames: {
              '#id': 'id',
              '#name': 'name',
              '#state': 'state',
              '#startsAtMs': 'startsAtMs',
              '#scope': 'scope',
              '#card': 'card',
              '#scores': 'scores',
              '#rules': 'rules',
              '#tieBreakAnswer': 'tieBreakAnswer',
              '#final': 'final',
              '#cardRev': 'cardRev',
            },
          },
        },
      },
    });
  });

  it('PREDICTION.history: a page of the history, and the keys alone of the newest for a rename', () => {
    const history = {
      operation: 'Query',
      query: {
        expression: '#pk = :pk AND begins_with(#sk, :prefix)',
        expressionNames: { '#pk': TABLE.pk, '#sk': TABLE.sk },
        expressionValues: { ':pk': S('USER#u1'), ':prefix': S('PREDICTION#') },
      },
      scanIndexForward: false,
      limit: 20,
    };
    // Twice the page and 12 more: the last day read is left to the next page, hidden events are cut out.
    expect(
      requestOf('resolvers/functions/getHistoryPage.ts', { arguments: { limit: 4 }, source: { user: { id: 'u1' } } }),
    ).toEqual(history);
    expect(
      requestOf('resolvers/functions/getHistoryPage.ts', { arguments: { limit: 4 }, source: { user: { id: 'u2' } } }),
    ).toEqual({
      ...history,
      query: { ...history.query, expressionValues: { ':pk': S('USER#u2'), ':prefix': S('PREDICTION#') } },
    });
    // At most 100 items read (one BatchGetItem of their events).
    expect(
      requestOf('resolvers/functions/getHistoryPage.ts', { arguments: { limit: 100 }, source: { user: { id: 'u1' } } }),
    ).toMatchObject({ limit: 100 });
    const between = (upper: string) => ({
      ...history,
      query: {
        expression: '#pk = :pk AND #sk BETWEEN :low AND :upper',
        expressionNames: { '#pk': TABLE.pk, '#sk': TABLE.sk },
        expressionValues: { ':pk': S('USER#u1'), ':low': S('PREDICTION#'), ':upper': S(upper) },
      },
    });
    const page = (token: string) =>
      requestOf('resolvers/functions/getHistoryPage.ts', {
        arguments: { limit: 4, nextToken: Buffer.from(token).toString('base64') },
        source: { user: { id: 'u1' } },
      });
    // PREDICTION.historyFromDay: a bell cursor reads again from the start of its day…
    expect(page('history:bell:2030-01-01#000001893492000000#e1')).toEqual(between('PREDICTION#2030-01-01$'));
    expect(page('history:bell:2030-01-01#~')).toEqual(between('PREDICTION#2030-01-01$'));
    // …PREDICTION.historyFrom: a key cursor (in a day that fills a read) from its prediction on.
    expect(page('history:key:PREDICTION#2030-01-01#e1')).toEqual(between('PREDICTION#2030-01-01#e1'));
    for (const token of ['history:PREDICTION#2030-01-01#e1', 'history:bell:', 'history:bell:2030', 'other']) {
      expect(page(token), token).toMatchObject({ kind: 'error', error: { errorType: 'ValidationError' } });
    }
    expect(
      requestOf('resolvers/functions/getMyRecentPredictions.ts', { stash: { standings: [{}, {}] } }),
    ).toMatchObject({
      query: { expressionValues: { ':pk': S('USER#u1'), ':prefix': S('PREDICTION#') } },
      projection: { expression: '#keyPk, #keySk', expressionNames: { '#keyPk': TABLE.pk, '#keySk': TABLE.sk } },
      scanIndexForward: false,
      limit: 97,
      consistentRead: true,
    });
  });
});
