/**
 * The final pass's guarantees of docs/scoring.md, as tests any exactness suite registers for its own
 * event: twice = once, a pass killed after any number of writes converges, concurrent passes never
 * double-count. `expectScored` compares the table with the suite's from-scratch computation.
 */
import { expect, it } from 'vitest';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import {
  expectEventBoard,
  expectSeason,
  expectedStandings,
  freshFixture,
  type EventSpec,
  type Fixture,
  type Picks,
} from './fixtures.ts';

/**
 * A suite's event played after an earlier one of the same season, so that standings add up across
 * events: `setup` scores the earlier event, then writes the event (`event` unless given) and its picks;
 * `expectScored` compares the event's final board and the season with the from-scratch computation.
 */
export function afterEarlierEvent(suite: {
  earlier: { spec: EventSpec; picks: Picks };
  event: EventSpec;
  picks: Picks;
  season: number;
}) {
  const { earlier, picks } = suite;
  const setup = async (spec: EventSpec = suite.event) => {
    const fx = await freshFixture();
    await fx.event(earlier.spec);
    await fx.predictions(earlier.spec, earlier.picks);
    await createScorer({ client: fx.client, tableName: fx.tableName }).scoreEvent(earlier.spec.id);
    await fx.event(spec);
    await fx.predictions(spec, picks);
    return fx;
  };
  const expectScored = async (fx: Fixture, spec: EventSpec) => {
    await expectEventBoard(fx, spec, picks, { final: true });
    await expectSeason(fx, suite.season, expectedStandings([earlier, { spec, picks }]));
  };
  return { setup, expectScored };
}

export function finalPassGuarantees(
  eventId: string,
  setup: () => Promise<Fixture>,
  expectScored: (fx: Fixture) => Promise<void>,
  kills: (total: number) => number[] = (total) => [1, Math.floor(total / 2), total - 1],
) {
  const scorerOf = (fx: Fixture, options: { concurrency?: number; playersPerTransaction?: number } = {}) =>
    createScorer({ client: fx.client, tableName: fx.tableName, ...options });

  it('scored twice writes nothing the second time', async () => {
    const fx = await setup();
    await scorerOf(fx).scoreEvent(eventId);
    const again = await scorerOf(fx).scoreEvent(eventId);
    expect('stats' in again && again.stats.writes).toBe(0);
    await expectScored(fx);
  });

  it('a final pass killed after any number of writes converges when run again', async () => {
    const clean = await setup();
    const full = await scorerOf(clean, { concurrency: 1, playersPerTransaction: 1 }).scoreEvent(eventId);
    if (!('stats' in full)) throw new Error(JSON.stringify(full));
    for (const n of new Set(kills(full.stats.writes))) {
      const fx = await setup();
      const dying = createScorer({
        client: fx.client,
        tableName: fx.tableName,
        concurrency: 1,
        playersPerTransaction: 1,
        afterWrite: (w) => {
          if (w === n) throw new Error(`killed after ${n} writes`);
        },
      });
      await expect(dying.scoreEvent(eventId)).rejects.toThrow('killed');
      await scorerOf(fx).scoreEvent(eventId);
      await expectScored(fx);
    }
  });

  it('concurrent final passes never double-count', async () => {
    const fx = await setup();
    const scorers = [1, 2, 3].map((i) => scorerOf(fx, { concurrency: i, playersPerTransaction: 3 * i }));
    const outs = await Promise.all(scorers.map((s) => s.scoreEvent(eventId)));
    for (const out of outs) expect('report' in out, JSON.stringify(out)).toBe(true);
    await expectScored(fx);
  });
}
