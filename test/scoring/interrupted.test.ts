import { describe, expect, it } from 'vitest';
import { createTestTable } from 'appsync-local/testing';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { EVENT } from '@pickem/domain/entities/event';
import { Fixture, expectEventBoard, expectSeason, expectedStandings, type EventSpec, type Picks } from './fixtures.ts';

const earlier: EventSpec = { id: 'e0', date: '2025-02-01', matches: [{ id: 'p', points: 4, result: 1 }] };
const event: EventSpec = {
  id: 'e1',
  date: '2025-03-01',
  matches: [
    { id: 'a', points: 10, result: 0 },
    { id: 'b', points: 3, result: 1 },
    { id: 'c', points: 3, result: 1 },
  ],
};
const earlierPicks: Picks = { u1: { p: 1 }, u2: { p: 0 }, u9: { p: 1 }, u8: { p: 1 } };
const picks: Picks = {};
for (let i = 0; i < 12; i++) picks[`u${i}`] = { a: i % 2, b: i % 3 === 0 ? 1 : 0, c: i % 4 === 0 ? 1 : 2 };
// After the first scoring, match b's result is corrected: a re-score also has to survive a crash.
const corrected: EventSpec = {
  ...event,
  matches: [event.matches[0], { id: 'b', points: 3, result: 0 }, event.matches[2]],
};

class Killed extends Error {}

interface Config {
  concurrency: number;
  playersPerTransaction: number;
}
const ONE_BY_ONE: Config = { concurrency: 1, playersPerTransaction: 1 };

async function setup() {
  const { client, tableName } = await createTestTable();
  const fx = new Fixture(client, tableName);
  await fx.event(earlier);
  await fx.predictions(earlier, earlierPicks);
  await fx.event(event);
  await fx.predictions(event, picks);
  await createScorer({ client, tableName }).scoreEvent('e0');
  return { fx, client, tableName };
}

/** What a reader sees: the season's stored standings and board, the event's board and predictions, the event. */
async function snapshot(fx: Fixture) {
  return {
    stored: await fx.storedStandings(2025),
    standings: await fx.standings(2025),
    leaderboard: await fx.leaderboard('e1'),
    predictions: await fx.predictionsOf(event),
    event: await fx.get(EVENT.key('e1')),
  };
}

/**
 * Kills a run after `n` writes (with more in flight when concurrency > 1: they land, as they would
 * when a Lambda dies), then runs again to completion.
 */
async function killThenRerun(fx: Fixture, n: number, config: Config): Promise<void> {
  const dying = createScorer({
    client: fx.client,
    tableName: fx.tableName,
    ...config,
    afterWrite: (w) => {
      if (w === n) throw new Killed(`killed after ${n} writes`);
    },
  });
  await expect(dying.scoreEvent('e1')).rejects.toBeInstanceOf(Killed);
  await createScorer({ client: fx.client, tableName: fx.tableName }).scoreEvent('e1');
}

describe('a scoring run killed part-way and run again', () => {
  it.each([ONE_BY_ONE, { concurrency: 16, playersPerTransaction: 1 }, { concurrency: 2, playersPerTransaction: 5 }])(
    'converges to the uninterrupted result, wherever it was killed (%o)',
    async (config) => {
      const clean = await setup();
      const full = await createScorer({ client: clean.client, tableName: clean.tableName, ...config }).scoreEvent('e1');
      if (!('stats' in full)) throw new Error(JSON.stringify(full));
      const expected = await snapshot(clean.fx);
      await expectSeason(
        clean.fx,
        2025,
        expectedStandings([
          { spec: earlier, picks: earlierPicks },
          { spec: event, picks },
        ]),
      );
      await expectEventBoard(clean.fx, event, picks, { final: true });
      const total = full.stats.writes;
      expect(total).toBeGreaterThan(Math.ceil(12 / config.playersPerTransaction));

      for (const n of new Set([0, 1, Math.floor(total / 2), total - 2, total - 1])) {
        const { fx } = await setup();
        await killThenRerun(fx, n, config);
        expect(await snapshot(fx), `killed after ${n} of ${total} writes`).toEqual(expected);
        await expectSeason(
          fx,
          2025,
          expectedStandings([
            { spec: earlier, picks: earlierPicks },
            { spec: event, picks },
          ]),
        );
      }
    },
  );

  it('converges when a re-score after a corrected result is killed part-way', async () => {
    const clean = await setup();
    const scorer = createScorer({ client: clean.client, tableName: clean.tableName, ...ONE_BY_ONE });
    await scorer.scoreEvent('e1');
    await clean.fx.setResult('e1', corrected.matches[1]);
    const rescored = await scorer.scoreEvent('e1');
    if (!('stats' in rescored)) throw new Error(JSON.stringify(rescored));
    const expected = await snapshot(clean.fx);
    await expectEventBoard(clean.fx, corrected, picks, { final: true });
    await expectSeason(
      clean.fx,
      2025,
      expectedStandings([
        { spec: earlier, picks: earlierPicks },
        { spec: corrected, picks },
      ]),
    );

    for (const n of [0, 1, Math.floor(rescored.stats.writes / 2), rescored.stats.writes - 1]) {
      const { fx, client, tableName } = await setup();
      await createScorer({ client, tableName }).scoreEvent('e1');
      await fx.setResult('e1', corrected.matches[1]);
      await killThenRerun(fx, n, ONE_BY_ONE);
      expect(await snapshot(fx), `killed after ${n} writes`).toEqual(expected);
    }
  });

  it('converges after several kills in a row', async () => {
    const clean = await setup();
    await createScorer({ client: clean.client, tableName: clean.tableName }).scoreEvent('e1');
    const expected = await snapshot(clean.fx);
    const { fx } = await setup();
    let kills = 0;
    for (let run = 0; run < 20; run++) {
      const dying = createScorer({
        client: fx.client,
        tableName: fx.tableName,
        ...ONE_BY_ONE,
        afterWrite: (w) => {
          if (w === 3) throw new Killed();
        },
      });
      const died = await dying.scoreEvent('e1').then(
        () => false,
        (err) => {
          if (!(err instanceof Killed)) throw err;
          return true;
        },
      );
      if (!died) break;
      kills++;
    }
    // 12 transactions, then the boards (chunks, heads) and the event: each run gets 3 writes further, and finishes.
    expect(kills).toBeGreaterThanOrEqual(4);
    expect(kills).toBeLessThan(20);
    await createScorer({ client: fx.client, tableName: fx.tableName }).scoreEvent('e1');
    expect(await snapshot(fx)).toEqual(expected);
  });
});
