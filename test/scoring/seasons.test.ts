/**
 * An event counts in every season whose window contains its date: scoring writes one standing per
 * such season per player, in the player's transaction, and rebuilds each season's board, and every guarantee of docs/scoring.md holds
 * for each season (twice = once, correction + re-score = from scratch, killed at any point
 * converges, concurrent passes cannot double-count). Expected standings are computed from scratch.
 */
import { describe, expect, it } from 'vitest';
import { createTestTable } from 'appsync-local/testing';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { SEASON } from '@pickem/domain/entities/season';
import { STANDING } from '@pickem/domain/entities/standing';
import { TABLE } from '@pickem/domain/entities/table';
import { Fixture, expectEventBoard, expectSeason, expectedStandings, type EventSpec, type Picks } from './fixtures.ts';

// Winter spans two calendar years; the road season lies inside 2025.
const WINTER = { id: '2024-12-01-winter', name: 'Winter', startDate: '2024-12-01', endDate: '2025-03-31' };
const ROAD = { id: '2025-02-15-road', name: 'Road', startDate: '2025-02-15', endDate: '2025-04-06' };

const december: EventSpec = { id: 'dec', date: '2024-12-20', matches: [{ id: 'd', points: 7, result: 0 }] };
const january: EventSpec = { id: 'jan', date: '2025-01-10', matches: [{ id: 'j', points: 4, result: 1 }] };
const march: EventSpec = {
  id: 'mar',
  date: '2025-03-01',
  matches: [
    { id: 'a', points: 10, result: 0 },
    { id: 'b', points: 3, result: 1 },
    { id: 'c', points: 5, result: 2 },
  ],
};
const corrected: EventSpec = {
  ...march,
  matches: [march.matches[0], { id: 'b', points: 3, result: 0 }, march.matches[2]],
};

// 30 players: with 4 items a player (the prediction and 3 standings) a transaction holds at most 25.
const marchPicks: Picks = {};
for (let i = 0; i < 30; i++)
  marchPicks[`u${String(i).padStart(2, '0')}`] = { a: i % 2, b: i % 3 === 0 ? 1 : 0, c: i % 4 === 0 ? 2 : 1 };
const decemberPicks: Picks = { u01: { d: 0 }, u02: { d: 1 }, u40: { d: 0 } };
const januaryPicks: Picks = { u01: { j: 1 }, u03: { j: 1 }, u41: { j: 0 } };

/** Each season and the events it must count, by season id. */
function expectedBySeason(marchSpec: EventSpec) {
  const dec = { spec: december, picks: decemberPicks };
  const jan = { spec: january, picks: januaryPicks };
  const mar = { spec: marchSpec, picks: marchPicks };
  return {
    '2024': expectedStandings([dec]),
    '2025': expectedStandings([jan, mar]),
    [WINTER.id]: expectedStandings([dec, jan, mar]),
    [ROAD.id]: expectedStandings([mar]),
  };
}

async function setup() {
  const { client, tableName } = await createTestTable();
  const fx = new Fixture(client, tableName);
  for (const season of [WINTER, ROAD]) await fx.put(SEASON.item(season));
  for (const [spec, picks] of [
    [december, decemberPicks],
    [january, januaryPicks],
    [march, marchPicks],
  ] as const) {
    await fx.event(spec);
    await fx.predictions(spec, picks);
  }
  const scorer = createScorer({ client, tableName });
  for (const id of ['dec', 'jan']) await scorer.scoreEvent(id);
  return { fx, client, tableName };
}

/** Every season, stored standings and board, equal to a computation from scratch. */
async function expectSeasons(fx: Fixture, marchSpec: EventSpec, label = '') {
  for (const [id, want] of Object.entries(expectedBySeason(marchSpec))) {
    try {
      await expectSeason(fx, id, want);
    } catch (err) {
      throw new Error(`season ${id} ${label}: ${(err as Error).message}`);
    }
  }
}

describe('an event in several seasons', () => {
  it('writes one standing per containing season, each equal to a computation from scratch, and scoring twice writes nothing', async () => {
    const { fx, client, tableName } = await setup();
    const first = await createScorer({ client, tableName }).scoreEvent('mar');
    if (!('stats' in first)) throw new Error(JSON.stringify(first));
    await expectSeasons(fx, march);
    await expectEventBoard(fx, march, marchPicks, { final: true });
    const standing = await fx.get(STANDING.key('u01', ROAD.id)!);
    expect(standing).toMatchObject({ seasonId: ROAD.id, season: 2025, rev: 1 });
    expect(standing).not.toHaveProperty(TABLE.gsiPk);

    const again = await createScorer({ client, tableName }).scoreEvent('mar');
    if (!('stats' in again)) throw new Error(JSON.stringify(again));
    expect(again.stats.writes).toBe(0);
    await expectSeasons(fx, march);
  });

  it('a correction then a re-score equals scoring the corrected card from scratch, in every season', async () => {
    const { fx, client, tableName } = await setup();
    await createScorer({ client, tableName }).scoreEvent('mar');
    await fx.setResult('mar', corrected.matches[1]);
    await createScorer({ client, tableName }).scoreEvent('mar');
    await expectSeasons(fx, corrected);
    await expectEventBoard(fx, corrected, marchPicks, { final: true });
  });

  it('a pass killed after any number of writes converges when run again, in every season', async () => {
    const clean = await setup();
    const full = await createScorer({
      client: clean.client,
      tableName: clean.tableName,
      concurrency: 1,
      playersPerTransaction: 1,
    }).scoreEvent('mar');
    if (!('stats' in full)) throw new Error(JSON.stringify(full));
    for (const n of [0, 1, Math.floor(full.stats.writes / 2), full.stats.writes - 1]) {
      const { fx, client, tableName } = await setup();
      const dying = createScorer({
        client,
        tableName,
        concurrency: 1,
        playersPerTransaction: 1,
        afterWrite: (w) => {
          if (w === n) throw new Error(`killed after ${n} writes`);
        },
      });
      await expect(dying.scoreEvent('mar')).rejects.toThrow('killed');
      await createScorer({ client, tableName }).scoreEvent('mar');
      await expectSeasons(fx, march, `killed after ${n} writes`);
      await expectEventBoard(fx, march, marchPicks, { final: true });
    }
  });

  it('concurrent final passes cannot double-count in any season', async () => {
    const { fx, client, tableName } = await setup();
    const passes = [0, 1, 2, 3].map((i) =>
      createScorer({ client, tableName, concurrency: 1 + i, playersPerTransaction: [25, 1, 7, 3][i] }).scoreEvent(
        'mar',
      ),
    );
    for (const outcome of await Promise.all(passes)) expect(outcome.error).toBeUndefined();
    await expectSeasons(fx, march);
    await expectEventBoard(fx, march, marchPicks, { final: true });
  });
});
