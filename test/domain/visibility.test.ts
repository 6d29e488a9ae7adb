import { describe, expect, it } from 'vitest';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import { visiblePrediction } from '@pickem/domain/visibility';

const BELL = Date.parse('2033-05-05T20:00:00Z');
const event = { id: 'e1', name: 'Night', date: '2033-05-05' };
const friend = PREDICTION.record(
  'friend',
  'Friend',
  event,
  [
    { matchId: 'm1', team: 1, method: 'SUBMISSION', joker: true },
    { matchId: 'm2', team: 0 },
  ],
  '2033-05-05T19:00:00.000Z',
  14,
);

describe("another player's joker, finish and tie-break guess", () => {
  it('are hidden before the lock, with the picks', () => {
    const shown = visiblePrediction(friend, { state: 'UPCOMING', startsAtMs: BELL }, false, BELL - 1);
    expect(shown.picks).toEqual([]);
    expect(shown.tieBreak).toBeNull();
    // Without the event, only the owner's picks show.
    expect(visiblePrediction(friend, null, false, BELL + 1)).toMatchObject({ picks: [], tieBreak: null });
  });

  it('show from the bell, and once BROADCAST whatever the clock says', () => {
    const expected = {
      picks: [
        { matchId: 'm1', team: 1, method: 'SUBMISSION', joker: true },
        { matchId: 'm2', team: 0, method: null, joker: false },
      ],
      tieBreak: 14,
    };
    expect(visiblePrediction(friend, { state: 'UPCOMING', startsAtMs: BELL }, false, BELL)).toMatchObject(expected);
    expect(visiblePrediction(friend, { state: 'BROADCAST', startsAtMs: BELL }, false, BELL - 60_000)).toMatchObject(
      expected,
    );
  });

  it('always show to their owner', () => {
    expect(visiblePrediction(friend, { state: 'UPCOMING', startsAtMs: BELL }, true, BELL - 1)).toMatchObject({
      tieBreak: 14,
      picks: [{ joker: true, method: 'SUBMISSION' }, { joker: false }],
    });
  });
});
