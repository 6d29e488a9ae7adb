import { describe, expect, it } from 'vitest';
import { ENTRY, shardOf } from '@pickem/domain/entities/entry';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import { STANDING } from '@pickem/domain/entities/standing';
import { itemKey, TABLE } from '@pickem/domain/entities/table';

/** The keys scoring reads and writes: no GSI attribute on what a pass writes per player. */
describe('entity keys', () => {
  it('give a season standing its key, and its attributes a revision and no rank or index key', () => {
    expect(STANDING.key('alice', 2025)).toEqual({ [TABLE.pk]: 'USER#alice', [TABLE.sk]: 'STANDING#2025' });
    const attributes = STANDING.attributes(2025, 'alice', 'A', { points: 1, correct: 1, eventsPlayed: 1 }, 3)!;
    expect(attributes).toEqual({
      type: 'Standing',
      seasonId: '2025',
      season: 2025,
      userId: 'alice',
      displayName: 'A',
      points: 1,
      correct: 1,
      eventsPlayed: 1,
      rev: 3,
    });
  });

  it('refuse a season that does not fit 4 digits', () => {
    for (const season of [10_000, -1, 2025.5]) {
      expect(STANDING.key('alice', season), String(season)).toBeNull();
      expect(
        STANDING.attributes(season, 'alice', 'A', { points: 1, correct: 1, eventsPlayed: 1 }, 1),
        String(season),
      ).toBeNull();
    }
  });

  it('set a prediction score without an index key', () => {
    expect(PREDICTION.scored({ points: 18, correct: 3, rank: 1 })).toEqual({
      points: 18,
      correct: 3,
      rank: 1,
      scores: [],
      cardBonus: 0,
      questionScores: '',
    });
  });

  it("put an entry in one of 16 shards of its event by the user id's last character", () => {
    expect(ENTRY.key('e1', 'user-a')).toEqual(itemKey(`ENTRIES#e1#${shardOf('user-a')}`, 'USER#user-a'));
    expect(new Set(['0', '1', '9', 'a', 'f'].map((c) => shardOf(`u${c}`))).size).toBe(5);
    expect([...'0123456789abcdef'].map((c) => shardOf(`x-${c}`))).toEqual(ENTRY.shards());
  });
});
