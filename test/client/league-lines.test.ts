import { describe, expect, it } from 'vitest';
import {
  LEAGUE_LINES_BATCH,
  leagueLineBatches,
  leagueLines,
  leagueLinesQuery,
  leagueLinesText,
} from '@pickem/client/league-lines';

const ev = (id: string, date: string, state = 'SCORED') => ({ id, name: `Event ${id}`, date, state });

describe("a league's season as lines", () => {
  it('reads the scored events, oldest first, in batches the API runs in one request', () => {
    const events = [
      ev('c', '2030-03-01'),
      ev('u', '2030-04-01', 'UPCOMING'),
      ev('a', '2030-01-01'),
      ev('l', '2030-02-01', 'BROADCAST'),
    ];
    expect(leagueLineBatches(events).map((b) => b.map((e) => e.id))).toEqual([['a', 'c']]);
    const many = Array.from({ length: LEAGUE_LINES_BATCH + 2 }, (_, i) =>
      ev(`e${i}`, `2030-01-${String(i + 1).padStart(2, '0')}`),
    );
    expect(leagueLineBatches(many).map((b) => b.length)).toEqual([LEAGUE_LINES_BATCH, 2]);
  });

  it('the query aliases one board per event, points alone', () => {
    expect(leagueLinesQuery(2)).toBe(
      'query LeagueLines($leagueId: ID!, $e0: ID!, $e1: ID!) { league(leagueId: $leagueId) { __typename id ' +
        'e0: eventLeaderboard(eventId: $e0) { __typename userId points } e1: eventLeaderboard(eventId: $e1) { __typename userId points } } }',
    );
  });

  it("runs each member's total; no prediction scores 0, a hidden board is left out, a non-member ignored", () => {
    const members = [{ userId: 'sam' }, { userId: 'alex' }];
    const steps = leagueLines(
      members,
      [ev('a', '2030-01-01'), ev('b', '2030-02-01'), ev('c', '2030-03-01')],
      [
        [
          { userId: 'sam', points: 5 },
          { userId: 'alex', points: 3 },
          { userId: 'gone', points: 9 },
        ],
        null,
        [{ userId: 'alex', points: 4 }],
      ],
    );
    expect(steps).toEqual([
      { eventId: 'a', eventName: 'Event a', totals: { sam: 5, alex: 3 } },
      { eventId: 'c', eventName: 'Event c', totals: { sam: 5, alex: 7 } },
    ]);
    expect(
      leagueLinesText(
        steps,
        [
          { userId: 'sam', name: 'Sam' },
          { userId: 'alex', name: 'Alex' },
        ],
        'Dynamite',
      ),
    ).toBe('Dynamite, season points after Event a: Sam 5, Alex 3; after Event c: Alex 7, Sam 5.');
    expect(leagueLinesText([], [], 'Dynamite')).toBe("No scored events in Dynamite's season yet.");
  });
});
