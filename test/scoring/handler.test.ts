import { describe, expect, it, vi } from 'vitest';
import { handler } from '../../amplify/functions/score-event/handler.ts';
import { chunkKeys } from '../../amplify/functions/score-event/board.ts';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import {
  expectEventBoard,
  expectSeason,
  expectedStandings,
  freshFixture,
  handlerEnvironmentOn,
  restoreHandlerEnvironmentAfterEach,
  type EventSpec,
  type Picks,
} from './fixtures.ts';
import { BOARD } from '@pickem/domain/entities/board';

restoreHandlerEnvironmentAfterEach();

describe('score-event handler', () => {
  it('scores through the Lambda entry point, reaching DynamoDB through AWS_ENDPOINT_URL_DYNAMODB', async () => {
    const fx = await freshFixture();
    const spec: EventSpec = { id: 'h1', date: '2024-11-02', matches: [{ id: 'm', points: 2, result: 1 }] };
    await fx.event(spec);
    await fx.predictions(spec, { a: { m: 1 }, b: { m: 0 } });
    handlerEnvironmentOn(fx.tableName);
    const out = await handler({ eventId: 'h1' });
    expect(out).toMatchObject({
      report: {
        event: { id: 'h1', state: 'SCORED', season: 2024, matchCount: 1 },
        predictionsScored: 2,
        standingsUpdated: 2,
        finished: true,
      },
    });
    expect(await handler({ eventId: 'missing' })).toEqual({ error: { type: 'NotFound', message: expect.any(String) } });
    await expect(handler({})).rejects.toThrow(/eventId/);
    await expect(handler({ eventId: 'h1', pass: 'LIVE' })).rejects.toThrow(
      /pass "LIVE" is not one of FINAL, PROVISIONAL, NONE/,
    );
    await expect(handler({ eventId: 'h1', announce: { resultOf: 3 } })).rejects.toThrow(/announce.resultOf/);
    await expect(handler({ eventId: 'h1', deadlineMs: 'soon' })).rejects.toThrow(/deadlineMs must be a number/);
  });

  it('runs the pass asked for; without an API URL its updates fail visibly: a throw to retry when async, PublishFailed when not', async () => {
    const fx = await freshFixture();
    const spec: EventSpec = {
      id: 'h2',
      date: '2024-11-03',
      matches: [
        { id: 'm', points: 3, result: 0 },
        { id: 'n', points: 4, result: null },
      ],
    };
    await fx.event(spec);
    await fx.predictions(spec, { a: { m: 0 } });
    handlerEnvironmentOn(fx.tableName);
    delete process.env.API_URL;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await handler({ eventId: 'h2', pass: 'NONE' })).toBeNull();
      await expect(handler({ eventId: 'h2', pass: 'NONE', announce: { state: true }, async: true })).rejects.toThrow(
        /STATE: callApi: the environment variable API_URL is not set/,
      );
      // The pass runs before the throw: Lambda's retry finds it done (scoring twice = once).
      await expect(
        handler({ eventId: 'h2', pass: 'PROVISIONAL', announce: { resultOf: 'm' }, async: true }),
      ).rejects.toThrow(/RESULT: .*API_URL.* \| LEADERBOARD: .*API_URL/);
      expect((await fx.leaderboard('h2'))[0]).toMatchObject({ userId: 'a', points: 3, rank: 1 });
      const live = await handler({ eventId: 'h2', pass: 'PROVISIONAL', announce: { resultOf: 'm' } });
      expect(live).toMatchObject({ report: { event: { state: 'BROADCAST' }, predictionsScored: 1, finished: true } });
      expect(live?.announceError).toEqual({
        type: 'PublishFailed',
        message: expect.stringMatching(/RESULT: .*API_URL is not set \| LEADERBOARD: .*API_URL is not set/),
      });
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it(
    'reads every page: predictions beyond one 1 MB query page and more than 100 batched keys',
    { timeout: 120_000 },
    async () => {
      const fx = await freshFixture();
      const matches = Array.from({ length: 50 }, (_, i) => ({
        id: `match-with-a-long-identifier-${i}`,
        points: (i % 7) + 1,
        result: i % 3,
      }));
      const spec: EventSpec = { id: 'big', date: '2025-05-05', matches };
      const picks: Picks = {};
      for (let u = 0; u < 700; u++) {
        picks[`user-${String(u).padStart(4, '0')}`] = Object.fromEntries(
          matches.map((m, i) => [m.id, (u * 7 + i * 3) % 3]),
        );
      }
      await fx.event(spec);
      await fx.predictions(spec, picks);
      const out = await createScorer({ client: fx.client, tableName: fx.tableName, concurrency: 25 }).scoreEvent('big');
      expect(out).toMatchObject({ report: { predictionsScored: 700, standingsUpdated: 700 } });

      await expectEventBoard(fx, spec, picks, { final: true });
      await expectSeason(fx, 2025, expectedStandings([{ spec, picks }]));
      const { head } = await fx.board(BOARD.eventScope('big'));
      expect(BOARD.chunkCount(head!.rowCount)).toBe(7);
      for (const key of chunkKeys(BOARD.eventScope('big'), head!.chunkSet, 700))
        expect(await fx.get(key)).toBeDefined();
    },
  );

  it('a synchronous final pass stops at its deadline between transaction batches, announces nothing, and the next run finishes', async () => {
    const fx = await freshFixture();
    const spec: EventSpec = { id: 'h3', date: '2024-11-04', matches: [{ id: 'm', points: 3, result: 0 }] };
    await fx.event(spec);
    await fx.predictions(spec, { a: { m: 0 }, b: { m: 1 } });
    handlerEnvironmentOn(fx.tableName);
    delete process.env.API_URL;
    // Deadline 0: no batch starts. Announcing would fail without API_URL: no announceError means none was tried.
    const stopped = await handler({ eventId: 'h3', announce: {}, deadlineMs: 0 });
    expect(stopped).toEqual({
      report: {
        event: expect.objectContaining({ id: 'h3', state: 'BROADCAST' }),
        predictionsScored: 0,
        standingsUpdated: 0,
        finished: false,
        cardChanges: 0,
      },
      stats: expect.objectContaining({ writes: 0 }),
    });
    expect((await fx.board(BOARD.eventScope('h3'))).head).toBeNull();
    const finished = await handler({ eventId: 'h3' });
    expect(finished).toMatchObject({ report: { event: { state: 'SCORED' }, predictionsScored: 2, finished: true } });
    await expectEventBoard(fx, spec, { a: { m: 0 }, b: { m: 1 } }, { final: true });
  });
});

describe('the deadline of a final pass', () => {
  const spec: EventSpec = {
    id: 'dl',
    date: '2025-09-09',
    matches: [
      { id: 'x', points: 4, result: 1 },
      { id: 'y', points: 2, result: 0 },
    ],
  };
  const picks: Picks = {};
  for (let u = 0; u < 12; u++) picks[`u${String(u).padStart(2, '0')}`] = { x: u % 2, y: u % 3 === 0 ? 0 : 1 };

  it('stops between transaction batches once passed (report finished: false, the event left BROADCAST, no board), and a second run finishes exactly, writing only the players left', async () => {
    const fx = await freshFixture();
    await fx.event(spec);
    await fx.predictions(spec, picks);
    // A clock that jumps past the deadline after the 4th transaction (one player each).
    let clock = 0;
    const scorer = createScorer({
      client: fx.client,
      tableName: fx.tableName,
      concurrency: 1,
      playersPerTransaction: 1,
      deadlineMs: 500,
      now: () => clock,
      afterWrite: (w) => {
        if (w === 4) clock += 1000;
      },
    });
    const first = await scorer.scoreEvent('dl');
    if (!('report' in first)) throw new Error(JSON.stringify(first));
    expect(first.report).toMatchObject({
      event: { state: 'BROADCAST' },
      predictionsScored: 4,
      standingsUpdated: 4,
      finished: false,
    });
    expect(first.stats.writes).toBe(4);
    expect((await fx.board(BOARD.eventScope('dl'))).head).toBeNull();
    expect((await fx.storedStandings(2025)).length).toBe(4);
    const scoredFirst = [...(await fx.predictionsOf(spec))].filter(([, p]) => p.points !== null).map(([u]) => u);
    expect(scoredFirst).toHaveLength(4);

    const second = await createScorer({ client: fx.client, tableName: fx.tableName }).scoreEvent('dl');
    if (!('report' in second)) throw new Error(JSON.stringify(second));
    expect(second.report).toMatchObject({
      event: { state: 'SCORED' },
      predictionsScored: 12,
      standingsUpdated: 8,
      finished: true,
    });
    await expectEventBoard(fx, spec, picks, { final: true });
    await expectSeason(fx, 2025, expectedStandings([{ spec, picks }]));
    // The players done before the deadline were not written again: their standings are at revision 1.
    const stored = new Map((await fx.storedStandings(2025)).map((s) => [s.userId, s.rev]));
    expect(scoredFirst.map((u) => stored.get(u))).toEqual([1, 1, 1, 1]);
  });

  it('a deadline of 0 starts no batch; a provisional pass ignores the deadline', async () => {
    const fx = await freshFixture();
    await fx.event({
      ...spec,
      matches: [
        { id: 'x', points: 4, result: 1 },
        { id: 'y', points: 2, result: null },
      ],
    });
    await fx.predictions(spec, picks);
    const scorer = createScorer({ client: fx.client, tableName: fx.tableName, deadlineMs: 0 });
    expect(await scorer.scoreEvent('dl', { provisional: true })).toMatchObject({
      report: { finished: true, predictionsScored: 12 },
    });
    await fx.setResult('dl', spec.matches[1]);
    expect(await scorer.scoreEvent('dl')).toMatchObject({
      report: { finished: false, predictionsScored: 0 },
      stats: { writes: 0 },
    });
    expect((await fx.board(BOARD.eventScope('dl'))).head).toMatchObject({ final: false });
  });
});
