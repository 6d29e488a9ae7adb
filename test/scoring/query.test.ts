/**
 * The AWS SDK adapter of the named access patterns (amplify/functions/score-event/query.ts): the
 * QueryCommand input a pattern becomes, and paging through LastEvaluatedKey on DynamoDB Local.
 */
import { describe, expect, it } from 'vitest';
import { queryAll, queryInput } from '../../amplify/functions/score-event/query.ts';
import { EVENT } from '@pickem/domain/entities/event';
import { MATCH } from '@pickem/domain/entities/match';
import { ENTRY, shardOf } from '@pickem/domain/entities/entry';
import { PROFILE } from '@pickem/domain/entities/profile';
import { TABLE } from '@pickem/domain/entities/table';
import { createTestTable } from 'appsync-local/testing';
import { Fixture, type EventSpec } from './fixtures.ts';

describe('a named access pattern as a QueryCommand input', () => {
  it('an entry shard: its partition of the table, strongly consistent', () => {
    expect(queryInput('T', ENTRY.shard('e1', 7), { consistentRead: true })).toEqual({
      TableName: 'T',
      IndexName: undefined,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': TABLE.pk },
      ExpressionAttributeValues: { ':pk': { S: 'ENTRIES#e1#7' } },
      ScanIndexForward: true,
      Limit: undefined,
      ConsistentRead: true,
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
    const input = queryInput('T', EVENT.list());
    expect(input).toMatchObject({
      IndexName: TABLE.index,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': TABLE.gsiPk },
      ScanIndexForward: false,
    });
    expect(input.ExpressionAttributeValues).toEqual({ ':pk': { S: 'EVENTS' } });
  });
});

describe('every page of a query, on DynamoDB Local', () => {
  it('follows LastEvaluatedKey to the last page, in the pattern’s order', async () => {
    const { client, tableName } = await createTestTable();
    const fx = new Fixture(client, tableName);
    const spec: EventSpec = {
      id: 'paged',
      date: '2031-05-05',
      matches: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, points: 1, result: null })),
    };
    await fx.event(spec);
    const pages: number[] = [];
    const matches = await queryAll(client, queryInput(tableName, MATCH.card('paged'), { limit: 2 }), (out) =>
      pages.push(out.Count ?? 0),
    );
    expect(pages).toEqual([2, 2, 1]);
    expect(matches.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    // The event item shares the partition; the card pattern of the event reads it too.
    const partition = await queryAll(client, queryInput(tableName, EVENT.card('paged'), { limit: 4 }));
    expect(partition.map((item) => item.type)).toEqual(['Event', 'Match', 'Match', 'Match', 'Match', 'Match']);
  });

  it("reads an event's entries from its shards, each player in one shard", async () => {
    const { client, tableName } = await createTestTable();
    const fx = new Fixture(client, tableName);
    const spec: EventSpec = { id: 'sharded', date: '2031-06-06', matches: [{ id: 'm', points: 5, result: 0 }] };
    await fx.event(spec);
    const users = Array.from({ length: 40 }, (_, i) => `user-${i.toString(16)}`);
    await fx.predictions(spec, Object.fromEntries(users.map((u) => [u, { m: 0 }])));
    const shards = await Promise.all(
      ENTRY.shards().map((s) =>
        queryAll(client, queryInput(tableName, ENTRY.shard('sharded', s), { consistentRead: true })),
      ),
    );
    expect(shards.filter((s) => s.length > 0).length).toBe(16);
    expect(
      shards
        .flat()
        .map((e) => e.userId)
        .sort(),
    ).toEqual([...users].sort());
    shards.forEach((items, s) => items.forEach((e) => expect(shardOf(e.userId as string)).toBe(s)));
  });
});
