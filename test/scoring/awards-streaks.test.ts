/**
 * Awards, trophies and streaks the final pass stores (domain/awards.ts, domain/streaks.ts) equal a
 * computation from scratch, from the words: TOP_SCORE the event's top points (ties to all),
 * PERFECT_CARD every match with a winner picked right, BOLDEST_CALL the correct pick with the lowest
 * pick share (ties to all); a streak is consecutive correct picks over the scored events in order, a
 * voided match neither breaking nor extending it. Checked after scoring, twice = once, after a
 * corrected result and a re-score, after a pass killed after any number of writes then run again,
 * and with concurrent passes. The streak's fold is checked against brute force with fast-check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestTable } from 'appsync-local/testing';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import { STANDING, trophyCounts, type StandingItem } from '@pickem/domain/entities/standing';
import { joinStreaks, streakOf, type StreakPart } from '@pickem/domain/streaks';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { Fixture, expectedLeaderboard, type EventSpec, type Picks } from './fixtures.ts';

const e1: EventSpec = {
  id: 'e1',
  date: '2025-03-01',
  matches: [
    { id: 'a', points: 10, result: 0 },
    { id: 'b', points: 3, result: 1 },
    { id: 'v', points: 5, result: null, outcome: 'DRAW' },
  ],
};
const e2: EventSpec = {
  id: 'e2',
  date: '2025-04-01',
  matches: [
    { id: 'c', points: 20, result: 1 },
    { id: 'd', points: 4, result: 0 },
  ],
};
const e2corrected: EventSpec = { ...e2, matches: [{ id: 'c', points: 20, result: 0 }, e2.matches[1]] };
const events = [e1, e2];
const picks: Record<string, Picks> = {
  e1: {
    u1: { a: 0, b: 1, v: 0 },
    u2: { a: 0, b: 1 },
    u3: { a: 1, b: 1, v: 1 },
    u4: { a: 0, b: 0, v: 0 },
    u5: { b: 1 },
  },
  e2: { u1: { c: 1, d: 0 }, u2: { c: 0, d: 0 }, u3: { c: 1, d: 1 }, u4: { c: 0, d: 0 }, u5: { c: 0, d: 0 } },
};
const PLAYERS = ['u1', 'u2', 'u3', 'u4', 'u5'];

class Killed extends Error {}

/** The awards of each player in an event, from the words above. */
function expectedAwards(spec: EventSpec): Map<string, string[]> {
  const p = picks[spec.id];
  const board = expectedLeaderboard(spec, p);
  const top = Math.max(...[...board.values()].map((s) => s.points));
  const withWinner = spec.matches.filter((m) => m.result !== null);
  const share = (m: (typeof withWinner)[number]) => {
    const pickers = Object.values(p).filter((x) => x[m.id] !== undefined).length;
    return Object.values(p).filter((x) => x[m.id] === m.result).length / pickers;
  };
  const shares = withWinner.flatMap((m) => PLAYERS.filter((u) => p[u]?.[m.id] === m.result).map(() => share(m)));
  const lowest = Math.min(...shares);
  const out = new Map<string, string[]>();
  for (const [u, s] of board) {
    const awards: string[] = [];
    if (top > 0 && s.points === top) awards.push('TOP_SCORE');
    if (withWinner.every((m) => p[u][m.id] === m.result)) awards.push('PERFECT_CARD');
    if (withWinner.some((m) => p[u][m.id] === m.result && share(m) === lowest)) awards.push('BOLDEST_CALL');
    out.set(u, awards);
  }
  return out;
}

/** Each player's streak over `specs` in order: right picks in a row, voided matches skipped, a missed pick a break. */
function expectedStreaks(specs: EventSpec[]) {
  const out = new Map<string, { current: number; best: number }>();
  for (const u of PLAYERS) {
    let run = 0;
    let best = 0;
    for (const spec of specs) {
      if (picks[spec.id][u] === undefined) continue;
      for (const m of spec.matches) {
        if (m.result === null) continue;
        run = picks[spec.id][u][m.id] === m.result ? run + 1 : 0;
        best = Math.max(best, run);
      }
    }
    out.set(u, { current: run, best });
  }
  return out;
}

async function setup() {
  const { client, tableName } = await createTestTable();
  const fx = new Fixture(client, tableName);
  for (const spec of events) {
    await fx.event(spec);
    await fx.predictions(spec, picks[spec.id]);
  }
  return { fx, scorer: createScorer({ client, tableName }) };
}

/** What is stored: each prediction's awards and streak part, and each player's trophies and streak. */
async function stored(fx: Fixture, specs: EventSpec[]) {
  const awards: Record<string, Record<string, unknown>> = {};
  const streaks: Record<string, { current: number; best: number }> = {};
  const trophies: Record<string, unknown> = {};
  for (const u of PLAYERS) {
    const parts: StreakPart[] = [];
    awards[u] = {};
    for (const spec of specs) {
      const p = await fx.get(PREDICTION.key(u, spec.date, spec.id));
      awards[u][spec.id] = p?.awards;
      if (p?.streak) parts.push(p.streak as StreakPart);
    }
    streaks[u] = streakOf(parts);
    const standing = (await fx.get(STANDING.key(u, '2025')!)) as unknown as StandingItem;
    trophies[u] = trophyCounts([standing]);
  }
  return { awards, streaks, trophies };
}

function expected(specs: EventSpec[]) {
  const awards: Record<string, Record<string, unknown>> = {};
  const trophies: Record<string, unknown> = {};
  const byEvent = specs.map((s) => [s.id, expectedAwards(s)] as const);
  for (const u of PLAYERS) {
    awards[u] = {};
    const counts: Record<string, number> = {};
    for (const [id, m] of byEvent) {
      awards[u][id] = m.get(u);
      for (const a of m.get(u) ?? []) counts[a] = (counts[a] ?? 0) + 1;
    }
    trophies[u] = ['TOP_SCORE', 'PERFECT_CARD', 'BOLDEST_CALL']
      .filter((a) => counts[a])
      .map((award) => ({ award, count: counts[award] }));
  }
  return { awards, streaks: Object.fromEntries(expectedStreaks(specs)), trophies };
}

describe('awards, trophies and streaks', () => {
  it('equal a computation from scratch, and scoring twice writes nothing', async () => {
    const { fx, scorer } = await setup();
    for (const spec of events) await scorer.scoreEvent(spec.id);
    const want = expected(events);
    expect(await stored(fx, events)).toEqual(want);
    // Every award is won by someone here, and a voided match keeps u1's streak going.
    expect(new Set(Object.values(want.awards).flatMap((a) => Object.values(a).flat()))).toEqual(
      new Set(['TOP_SCORE', 'PERFECT_CARD', 'BOLDEST_CALL']),
    );
    expect(want.streaks.u1).toEqual({ current: 4, best: 4 });
    const again = await scorer.scoreEvent('e2');
    if (!('stats' in again)) throw new Error(JSON.stringify(again));
    expect(again.stats.writes).toBe(0);
  });

  it('a corrected result and a re-score re-derive them, trophies included', async () => {
    const { fx, scorer } = await setup();
    for (const spec of events) await scorer.scoreEvent(spec.id);
    await fx.enterResult('e2', e2corrected.matches[0]);
    await scorer.scoreEvent('e2');
    const want = expected([e1, e2corrected]);
    expect(want).not.toEqual(expected(events));
    expect(await stored(fx, events)).toEqual(want);
  });

  it('converge when a re-score is killed after any number of writes, then run again', async () => {
    const clean = await setup();
    for (const spec of events) await clean.scorer.scoreEvent(spec.id);
    await clean.fx.enterResult('e2', e2corrected.matches[0]);
    const full = await clean.scorer.scoreEvent('e2');
    if (!('stats' in full)) throw new Error(JSON.stringify(full));
    const want = expected([e1, e2corrected]);
    for (let n = 0; n < full.stats.writes; n++) {
      const { fx, scorer } = await setup();
      for (const spec of events) await scorer.scoreEvent(spec.id);
      await fx.enterResult('e2', e2corrected.matches[0]);
      const dying = createScorer({
        client: fx.client,
        tableName: fx.tableName,
        playersPerTransaction: 1,
        concurrency: 1,
        afterWrite: (w) => {
          if (w === n) throw new Killed();
        },
      });
      await expect(dying.scoreEvent('e2')).rejects.toBeInstanceOf(Killed);
      await scorer.scoreEvent('e2');
      expect(await stored(fx, events), `killed after ${n} writes`).toEqual(want);
    }
  });

  it('converge under concurrent passes', async () => {
    const { fx, scorer } = await setup();
    await scorer.scoreEvent('e1');
    const other = createScorer({
      client: fx.client,
      tableName: fx.tableName,
      concurrency: 1,
      playersPerTransaction: 1,
    });
    await Promise.all([scorer.scoreEvent('e2'), other.scoreEvent('e2')]);
    await fx.enterResult('e2', e2corrected.matches[0]);
    await Promise.all([other.scoreEvent('e2'), scorer.scoreEvent('e2')]);
    expect(await stored(fx, events)).toEqual(expected([e1, e2corrected]));
  });

  it('the streak fold equals brute force over any outcomes, however they are split into events', () => {
    const outcome = fc.array(fc.boolean(), { maxLength: 12 });
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 6 }), (perEvent) => {
        const parts = perEvent.map((o) =>
          o.reduce<StreakPart>((p, right) => joinStreaks(p, right ? [1, 1, 1, 1] : [1, 0, 0, 0]), [0, 0, 0, 0]),
        );
        let run = 0;
        let best = 0;
        for (const right of perEvent.flat()) {
          run = right ? run + 1 : 0;
          best = Math.max(best, run);
        }
        expect(streakOf(parts)).toEqual({ current: run, best });
      }),
    );
  });
});
