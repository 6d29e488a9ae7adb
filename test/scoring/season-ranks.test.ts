/**
 * A season's rank buckets (domain/entities/season-ranks.ts, written by score-event/season-board.ts):
 * every player's rank read from the one bucket of their points equals a competition ranking from
 * scratch, and an older pass never overwrites or deletes a newer pass's buckets.
 */
import { describe, expect, it } from 'vitest';
import { BOARD, type ScoreCount, type SeasonRow } from '@pickem/domain/entities/board';
import {
  SEASON_RANKS,
  SEASON_RANKS_LIMIT,
  seasonBuckets,
  seasonRank,
  type SeasonRanksItem,
} from '@pickem/domain/entities/season-ranks';
import { histogram, rankRows, replaceBoard } from '../../amplify/functions/score-event/board.ts';
import { backfillSeasonRanks, writeSeasonRanks } from '../../amplify/functions/score-event/season-board.ts';
import { competitionRanks } from '../../amplify/functions/score-event/ranks.ts';
import { createStore } from '../../amplify/functions/score-event/store.ts';
import { freshFixture } from './fixtures.ts';

/** A deterministic spread of season totals: `n` players, points 0 to ~400 with clusters and ties. */
function players(n: number, seed: number) {
  let x = seed;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  return Array.from({ length: n }, (_, i) => {
    const correct = Math.floor(next() * 40);
    return { userId: `u${i}`, points: correct * 5 + Math.floor(next() * 3) * 5, correct };
  });
}

function countsOf(scores: { userId: string; points: number; correct: number }[]): ScoreCount[] {
  return histogram(rankRows(scores.map((s): SeasonRow => [s.userId, '', s.points, s.correct, 0, 0, 0])));
}

describe('season rank buckets', () => {
  it('rank every player exactly from the bucket of their points alone, each bucket one points range', () => {
    for (const seed of [1, 7, 42]) {
      const scores = players(2_000, seed);
      const want = competitionRanks(scores);
      const buckets = seasonBuckets('2025', 3, countsOf(scores));
      const byBucket = new Map(buckets.map((b) => [b.bucket, b]));
      for (const b of buckets) {
        expect(b.scores.every(([points]) => SEASON_RANKS.bucketOf(points) === b.bucket)).toBe(true);
        expect(b.version).toBe(3);
      }
      expect(buckets.map((b) => b.bucket)).toEqual([...buckets.map((b) => b.bucket)].sort((a, b) => b - a));
      for (const s of scores) {
        const bucket = byBucket.get(SEASON_RANKS.bucketOf(s.points)) ?? null;
        expect(seasonRank(bucket, s.points, s.correct), s.userId).toBe(want.get(s.userId));
      }
    }
    expect(seasonRank(null, 12, 3)).toBe(1);
    expect(SEASON_RANKS.keyFor('2025', SEASON_RANKS_LIMIT.pointsPerBucket - 1)).toEqual(SEASON_RANKS.key('2025', 0));
  });

  it("are backfilled from a board stored before them, from its head's counts or from its rows", async () => {
    const fx = await freshFixture();
    const store = createStore({ client: fx.client, tableName: fx.tableName, concurrency: 4 });
    const scores = players(300, 5);
    const rows = scores.map((s): SeasonRow => [s.userId, '', s.points, s.correct, 0, 1, 1]);
    const want = competitionRanks(scores);
    const expectRanks = async (seasonId: string) => {
      const buckets = (await fx.query(SEASON_RANKS.all(seasonId))) as unknown as SeasonRanksItem[];
      const byBucket = new Map(buckets.map((b) => [b.bucket, b]));
      for (const s of scores)
        expect(seasonRank(byBucket.get(SEASON_RANKS.bucketOf(s.points)) ?? null, s.points, s.correct), s.userId).toBe(
          want.get(s.userId),
        );
    };
    // A head as the design before the buckets wrote it (every count on it), and none of its buckets.
    await replaceBoard(store, BOARD.seasonScope('2024'), async () => ({ rows, final: false, card: [] }));
    expect(await fx.query(SEASON_RANKS.all('2024'))).toEqual([]);
    expect(await backfillSeasonRanks(store, '2024')).toBe(true);
    await expectRanks('2024');
    // A head without counts whose pass died before its buckets: from the rows.
    await replaceBoard(
      store,
      BOARD.seasonScope('2023'),
      async () => ({ rows, final: false, card: [] }),
      undefined,
      false,
    );
    expect(await backfillSeasonRanks(store, '2023')).toBe(true);
    await expectRanks('2023');
    expect(await backfillSeasonRanks(store, '2022')).toBe(false);
  });

  it('are replaced and deleted only by a pass of a newer head version', async () => {
    const fx = await freshFixture();
    const store = createStore({ client: fx.client, tableName: fx.tableName, concurrency: 4 });
    const stored = async () =>
      ((await fx.query(SEASON_RANKS.all('2025'))) as unknown as SeasonRanksItem[]).sort((a, b) => b.bucket - a.bucket);
    const newer: ScoreCount[] = [
      [35, 7, 1],
      [12, 3, 2],
    ];
    const older: ScoreCount[] = [
      [51, 9, 1],
      [12, 3, 1],
      [4, 1, 1],
    ];
    await writeSeasonRanks(store, '2025', 5, newer);
    const after = await stored();
    expect(after.map((b) => [b.bucket, b.version, b.above, b.scores])).toEqual([
      [3, 5, 0, [[35, 7, 1]]],
      [1, 5, 1, [[12, 3, 2]]],
    ]);
    // A pass of version 4 (its head since replaced by version 5) comes late: it changes nothing of version 5's,
    // and the buckets it adds are deleted by the next pass of a newer version.
    await writeSeasonRanks(store, '2025', 4, older);
    expect((await stored()).filter((b) => b.version === 5)).toEqual(after);
    await writeSeasonRanks(store, '2025', 6, newer);
    expect((await stored()).map((b) => [b.bucket, b.version, b.above, b.scores])).toEqual([
      [3, 6, 0, [[35, 7, 1]]],
      [1, 6, 1, [[12, 3, 2]]],
    ]);
  });
});
