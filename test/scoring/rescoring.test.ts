import { beforeEach, describe, expect, it } from 'vitest';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { EVENT } from '@pickem/domain/entities/event';
import {
  Fixture,
  expectEventBoard,
  freshScoring,
  expectSeason,
  expectedStandings,
  type EventSpec,
  type Picks,
} from './fixtures.ts';

let fx: Fixture;
let scorer: ReturnType<typeof createScorer>;

beforeEach(async () => {
  ({ fx, scorer } = await freshScoring());
});

const first: EventSpec = {
  id: 'wm',
  date: '2025-04-19',
  matches: [
    { id: 'a', points: 10, result: 0 },
    { id: 'b', points: 20, result: 1 },
    { id: 'c', points: 5, result: 2 },
  ],
};
const second: EventSpec = {
  id: 'ss',
  date: '2025-08-02',
  matches: [
    { id: 'x', points: 7, result: 1 },
    { id: 'y', points: 7, result: 0 },
  ],
};
const firstPicks: Picks = {
  ann: { a: 0, b: 1, c: 2 },
  ben: { a: 0, b: 0, c: 2 },
  cat: { a: 1, b: 1, c: 0 },
  dan: { a: 0, b: 1, c: 0 },
};
const secondPicks: Picks = {
  ann: { x: 0, y: 1 },
  cat: { x: 1, y: 0 },
  eve: { x: 1, y: 1 },
};

const summary = (rows: Awaited<ReturnType<Fixture['standings']>>) =>
  rows.map((r) => ({
    userId: r.userId,
    points: r.points,
    correct: r.correct,
    eventsPlayed: r.eventsPlayed,
    rank: r.rank,
  }));

async function expectLeaderboard(spec: EventSpec, picks: Picks) {
  await expectEventBoard(fx, spec, picks, { final: true });
}

describe('scoreEvent run again', () => {
  it('gives the same standings scored twice as once, and the second run writes nothing', async () => {
    await fx.event(first);
    await fx.predictions(first, firstPicks);
    const once = await scorer.scoreEvent('wm');
    const afterOnce = await fx.standings(2025);
    const storedOnce = await fx.storedStandings(2025);
    const twice = await scorer.scoreEvent('wm');
    expect(await fx.standings(2025)).toEqual(afterOnce);
    expect(await fx.storedStandings(2025)).toEqual(storedOnce);
    await expectSeason(fx, 2025, expectedStandings([{ spec: first, picks: firstPicks }]));
    await expectLeaderboard(first, firstPicks);
    expect(once).toMatchObject({ report: { predictionsScored: 4, standingsUpdated: 4, finished: true } });
    expect(twice).toMatchObject({
      report: { predictionsScored: 4, standingsUpdated: 0, finished: true, event: { state: 'SCORED' } },
      stats: { writes: 0, items: 0, wcu: 0 },
    });
  });

  it('counts eventsPlayed across two events of a season', async () => {
    await fx.event(first);
    await fx.predictions(first, firstPicks);
    await fx.event(second);
    await fx.predictions(second, secondPicks);
    await scorer.scoreEvent('wm');
    await scorer.scoreEvent('ss');
    await scorer.scoreEvent('wm');
    const standings = summary(await fx.standings(2025));
    await expectSeason(
      fx,
      2025,
      expectedStandings([
        { spec: first, picks: firstPicks },
        { spec: second, picks: secondPicks },
      ]),
    );
    expect(Object.fromEntries(standings.map((s) => [s.userId, s.eventsPlayed]))).toEqual({
      ann: 2,
      ben: 1,
      cat: 2,
      dan: 1,
      eve: 1,
    });
  });

  it('after a corrected result and a re-score, equals a from-scratch computation over all scored events', async () => {
    await fx.event(first);
    await fx.predictions(first, firstPicks);
    await fx.event(second);
    await fx.predictions(second, secondPicks);
    await scorer.scoreEvent('wm');
    await scorer.scoreEvent('ss');

    // The admin got match b wrong (team 0 won), and removes match c from the card.
    const corrected: EventSpec = {
      ...first,
      matches: [first.matches[0], { id: 'b', points: 20, result: 0 }, first.matches[2]],
      matchOrder: ['a', 'b'],
    };
    await fx.setResult('wm', corrected.matches[1]);
    await fx.put({ ...(await fx.get(EVENT.key('wm')))!, matchOrder: ['a', 'b'] });
    const out = await scorer.scoreEvent('wm');

    const events = [
      { spec: corrected, picks: firstPicks },
      { spec: second, picks: secondPicks },
    ];
    await expectSeason(fx, 2025, expectedStandings(events));
    await expectLeaderboard(corrected, firstPicks);
    await expectLeaderboard(second, secondPicks);
    expect(out).toMatchObject({ report: { event: { state: 'SCORED', matchCount: 2 } } });
  });

  it('converges when several runs score the same event at once', async () => {
    await fx.event(first);
    await fx.predictions(first, firstPicks);
    await fx.event(second);
    await fx.predictions(second, secondPicks);
    await Promise.all([
      scorer.scoreEvent('wm'),
      scorer.scoreEvent('wm'),
      scorer.scoreEvent('ss'),
      scorer.scoreEvent('ss'),
    ]);
    await expectSeason(
      fx,
      2025,
      expectedStandings([
        { spec: first, picks: firstPicks },
        { spec: second, picks: secondPicks },
      ]),
    );
    await expectLeaderboard(first, firstPicks);
    await expectLeaderboard(second, secondPicks);
  });

  it('keeps seasons apart', async () => {
    const nextYear: EventSpec = { ...second, id: 'ny', date: '2026-01-10' };
    await fx.event(first);
    await fx.predictions(first, firstPicks);
    await fx.event(nextYear);
    await fx.predictions(nextYear, secondPicks);
    await scorer.scoreEvent('wm');
    await scorer.scoreEvent('ny');
    await expectSeason(fx, 2025, expectedStandings([{ spec: first, picks: firstPicks }]));
    await expectSeason(fx, 2026, expectedStandings([{ spec: nextYear, picks: secondPicks }]));
  });
});
