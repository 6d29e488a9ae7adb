/**
 * The final pass's guarantees of docs/scoring.md, as tests any exactness suite registers for its own
 * event: twice = once, a pass killed after any number of writes converges, concurrent passes never
 * double-count. `expectScored` compares the table with the suite's from-scratch computation.
 */
import { expect, it } from 'vitest';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import type { Fixture } from './fixtures.ts';

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
