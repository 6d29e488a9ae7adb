import { describe, expect, it } from 'vitest';
import { PREDICTION } from '../../resolvers/lib/entities/prediction.ts';
import { STANDING } from '../../resolvers/lib/entities/standing.ts';
import { TABLE } from '../../resolvers/lib/entities/table.ts';

/** Padded key parts refuse a value too wide for their width (null), never produce `...#null`. */
describe('entity keys', () => {
  it('give a season standing its key, partition and sort key', () => {
    expect(STANDING.key('alice', 2025)).toEqual({ [TABLE.pk]: 'USER#alice', [TABLE.sk]: 'STANDING#2025' });
    expect(STANDING.gsiPk(2025)).toBe('STANDINGS#2025');
    expect(STANDING.gsiSk(18, 3, 'alice')).toBe('SCORE#00000018#000003#alice');
  });

  it('refuse a season that does not fit 4 digits, as the score keys refuse a score', () => {
    for (const season of [10_000, -1, 2025.5]) {
      expect(STANDING.key('alice', season), String(season)).toBeNull();
      expect(STANDING.gsiPk(season), String(season)).toBeNull();
      expect(STANDING.attributes(season, 'alice', 'A', { points: 1, correct: 1, eventsPlayed: 1 }, 1), String(season)).toBeNull();
    }
    expect(STANDING.gsiSk(100_000_000, 0, 'alice')).toBeNull();
    expect(PREDICTION.leaderboardGsiSk(100_000, 0, 'alice')).toBeNull();
  });

  it('set a prediction score together with its leaderboard sort key', () => {
    expect(PREDICTION.scored('alice', { points: 18, correct: 3, rank: 1 })).toEqual({
      points: 18,
      correct: 3,
      rank: 1,
      [TABLE.gsiSk]: 'SCORE#00018#003#alice',
    });
    expect(PREDICTION.scored('alice', { points: 100_000, correct: 3, rank: 1 })).toBeNull();
  });
});
