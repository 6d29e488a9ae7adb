/**
 * The AWS SDK adapter of the named access patterns (amplify/functions/score-event/query.ts): the
 * QueryCommand input a pattern becomes, and paging through LastEvaluatedKey on DynamoDB Local.
 */
import { describe, expect, it } from 'vitest';
import { queryAll, queryInput } from '../../amplify/functions/score-event/query.ts';
import { EVENT } from '../../resolvers/lib/entities/event.ts';
import { MATCH } from '../../resolvers/lib/entities/match.ts';
import { PREDICTION } from '../../resolvers/lib/entities/prediction.ts';
import { PROFILE } from '../../resolvers/lib/entities/profile.ts';
import { STANDING } from '../../resolvers/lib/entities/standing.ts';
import { TABLE } from '../../resolvers/lib/entities/table.ts';
import { createTestTable } from 'appsync-local/testing';
import { Fixture, predictionItem, type EventSpec } from './fixtures.ts';

describe('a named access pattern as a QueryCommand input', () => {
  it("a leaderboard: the event's SCORE# range of the GSI, highest first", () => {
    expect(queryInput('T', PREDICTION.leaderboard('e1'), { limit: 20 })).toEqual({
      TableName: 'T',
      IndexName: TABLE.index,
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': TABLE.gsiPk, '#sk': TABLE.gsiSk },
      ExpressionAttributeValues: { ':pk': { S: 'PREDICTIONS#e1' }, ':prefix': { S: 'SCORE#' } },
      ScanIndexForward: false,
      Limit: 20,
      ConsistentRead: undefined,
    });
  });

  it('a partition of the table, with a lower bound on the sort key, strongly consistent', () => {
    expect(queryInput('T', PROFILE.withStandings('u1'), { consistentRead: true })).toEqual({
      TableName: 'T',
      IndexName: undefined,
      KeyConditionExpression: '#pk = :pk AND #sk >= :profile',
      ExpressionAttributeNames: { '#pk': TABLE.pk, '#sk': TABLE.sk },
      ExpressionAttributeValues: { ':pk': { S: 'USER#u1' }, ':profile': { S: 'PROFILE' } },
      ScanIndexForward: false,
      Limit: undefined,
      ConsistentRead: true,
    });
  });

  it('a whole GSI partition, without a sort key condition', () => {
    const input = queryInput('T', STANDING.bySeason(2025)!);
    expect(input).toMatchObject({ IndexName: TABLE.index, KeyConditionExpression: '#pk = :pk', ExpressionAttributeNames: { '#pk': TABLE.gsiPk } });
    expect(input.ExpressionAttributeValues).toEqual({ ':pk': { S: 'STANDINGS#2025' } });
    expect(STANDING.bySeason(10_000)).toBeNull();
  });
});

describe('every page of a query, on DynamoDB Local', () => {
  it('follows LastEvaluatedKey to the last page, in the pattern’s order', async () => {
    const { client, tableName } = await createTestTable();
    const fx = new Fixture(client, tableName);
    const spec: EventSpec = { id: 'paged', date: '2031-05-05', matches: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, points: 1, result: null })) };
    await fx.event(spec);
    const pages: number[] = [];
    const matches = await queryAll(client, queryInput(tableName, MATCH.card('paged'), { limit: 2 }), (out) => pages.push(out.Count ?? 0));
    expect(pages).toEqual([2, 2, 1]);
    expect(matches.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    // The event item shares the partition; the card pattern of the event reads it too.
    const partition = await queryAll(client, queryInput(tableName, EVENT.card('paged'), { limit: 4 }));
    expect(partition.map((item) => item.type)).toEqual(['Event', 'Match', 'Match', 'Match', 'Match', 'Match']);
  });

  it('a leaderboard reads only scored predictions, highest first', async () => {
    const { client, tableName } = await createTestTable();
    const fx = new Fixture(client, tableName);
    const spec: EventSpec = { id: 'board', date: '2031-06-06', matches: [{ id: 'm', points: 5, result: 0 }] };
    await fx.event(spec);
    await fx.predictions(spec, { none: {} });
    const scored = (userId: string, points: number, correct: number) => ({
      ...predictionItem(spec, userId, {}),
      ...PREDICTION.scored(userId, { points, correct, rank: 1 }),
    });
    await fx.putAll([scored('low', 0, 0), scored('high', 5, 1)]);
    const board = await queryAll(client, queryInput(tableName, PREDICTION.leaderboard('board'), { limit: 1 }));
    expect(board.map((p) => p.userId)).toEqual(['high', 'low']);
    const all = await queryAll(client, queryInput(tableName, PREDICTION.all('board')));
    expect(all.map((p) => p.userId).sort()).toEqual(['high', 'low', 'none']);
  });
});
