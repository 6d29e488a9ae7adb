import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDynamoDbEnvironment } from 'appsync-local';
import { createTestTable, dynamoEndpoint } from 'appsync-local/testing';
import { handler } from '../../amplify/functions/score-event/handler.ts';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { Fixture, expectedLeaderboard, expectedStandings, type EventSpec, type Picks } from './fixtures.ts';
import { stateDir } from '../../project.ts';

const saved = { ...process.env };
afterEach(() => {
  for (const k of ['TABLE_NAME', 'API_URL', 'AWS_ENDPOINT_URL_DYNAMODB', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('score-event handler', () => {
  it('scores through the Lambda entry point, reaching DynamoDB through AWS_ENDPOINT_URL_DYNAMODB', async () => {
    const { client, tableName } = await createTestTable();
    const fx = new Fixture(client, tableName);
    const spec: EventSpec = { id: 'h1', date: '2024-11-02', matches: [{ id: 'm', points: 2, result: 1 }] };
    await fx.event(spec);
    await fx.predictions(spec, { a: { m: 1 }, b: { m: 0 } });
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      ...localDynamoDbEnvironment(dynamoEndpoint(), stateDir),
    });
    const out = await handler({ eventId: 'h1' });
    expect(out).toMatchObject({ report: { event: { id: 'h1', state: 'SCORED', season: 2024, matchCount: 1 }, predictionsScored: 2, standingsUpdated: 2 } });
    expect(await handler({ eventId: 'missing' })).toEqual({ error: { type: 'NotFound', message: expect.any(String) } });
    await expect(handler({})).rejects.toThrow(/eventId/);
    await expect(handler({ eventId: 'h1', pass: 'LIVE' })).rejects.toThrow(/pass "LIVE" is not one of FINAL, PROVISIONAL, NONE/);
    await expect(handler({ eventId: 'h1', announce: { resultOf: 3 } })).rejects.toThrow(/announce.resultOf/);
  });

  it('runs the pass asked for; without an API URL its updates fail visibly: a throw to retry when async, PublishFailed when not', async () => {
    const { client, tableName } = await createTestTable();
    const fx = new Fixture(client, tableName);
    const spec: EventSpec = { id: 'h2', date: '2024-11-03', matches: [{ id: 'm', points: 3, result: 0 }, { id: 'n', points: 4, result: null }] };
    await fx.event(spec);
    await fx.predictions(spec, { a: { m: 0 } });
    Object.assign(process.env, { TABLE_NAME: tableName, ...localDynamoDbEnvironment(dynamoEndpoint(), stateDir) });
    delete process.env.API_URL;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await handler({ eventId: 'h2', pass: 'NONE' })).toBeNull();
      await expect(handler({ eventId: 'h2', pass: 'NONE', announce: { state: true }, async: true })).rejects.toThrow(/STATE: callApi: the environment variable API_URL is not set/);
      // The pass runs before the throw: Lambda's retry finds it done (scoring twice = once).
      await expect(handler({ eventId: 'h2', pass: 'PROVISIONAL', announce: { resultOf: 'm' }, async: true })).rejects.toThrow(/RESULT: .*API_URL.* \| LEADERBOARD: .*API_URL/);
      expect((await fx.leaderboard('h2'))[0]).toMatchObject({ userId: 'a', points: 3 });
      const live = await handler({ eventId: 'h2', pass: 'PROVISIONAL', announce: { resultOf: 'm' } });
      expect(live).toMatchObject({ report: { event: { state: 'BROADCAST' }, predictionsScored: 1 } });
      expect(live?.announceError).toEqual({ type: 'PublishFailed', message: expect.stringMatching(/RESULT: .*API_URL is not set \| LEADERBOARD: .*API_URL is not set/) });
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('reads every page: predictions beyond one 1 MB query page and more than 100 batched keys', { timeout: 120_000 }, async () => {
    const { client, tableName } = await createTestTable();
    const fx = new Fixture(client, tableName);
    const matches = Array.from({ length: 50 }, (_, i) => ({ id: `match-with-a-long-identifier-${i}`, points: (i % 7) + 1, result: i % 3 }));
    const spec: EventSpec = { id: 'big', date: '2025-05-05', matches };
    const picks: Picks = {};
    for (let u = 0; u < 700; u++) {
      picks[`user-${String(u).padStart(4, '0')}`] = Object.fromEntries(matches.map((m, i) => [m.id, (u * 7 + i * 3) % 3]));
    }
    await fx.event(spec);
    await fx.predictions(spec, picks);
    const out = await createScorer({ client, tableName, concurrency: 25 }).scoreEvent('big');
    expect(out).toMatchObject({ report: { predictionsScored: 700, standingsUpdated: 700 } });

    const expected = expectedLeaderboard(spec, picks);
    const board = await fx.leaderboard('big');
    expect(board).toHaveLength(700);
    for (const row of board) expect({ points: row.points, correct: row.correct, rank: row.rank }).toEqual(expected.get(row.userId as string));
    const standings = await fx.standings(2025);
    expect(standings.map((s) => [s.userId, s.points, s.correct, s.eventsPlayed, s.rank])).toEqual(
      expectedStandings([{ spec, picks }]).map((s) => [s.userId, s.points, s.correct, s.eventsPlayed, s.rank]),
    );
  });
});
