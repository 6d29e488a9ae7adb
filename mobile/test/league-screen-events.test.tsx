/**
 * The phone's league screen reads its season's events once and hands them to both parts that need
 * them, the season so far and the event board (as the web page does), rendered without the stack:
 * the reads are replaced.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react-native';
import type { SeasonEvent } from '@pickem/client/season-events';
import { NavContext } from '../src/nav';
import { LeagueScreen } from '../src/screens/LeagueScreen';

const EVENTS: SeasonEvent[] = [
  { id: 'next', name: 'Next Show', date: '2036-03-01', startsAt: '2036-03-01T20:00:00Z', state: 'UPCOMING' },
  { id: 'gear', name: 'Full Gear', date: '2036-02-01', startsAt: '2036-02-01T20:00:00Z', state: 'SCORED' },
];
const mockSeasonEvents = jest.fn(async () => EVENTS);
const mockLines = jest.fn((..._: unknown[]) => ({ steps: undefined, scored: 0, error: null }));
const mockGraphql = jest.fn(async (_: unknown) => ({
  data: { league: { __typename: 'League', id: 'L', eventLeaderboard: [] }, eventCard: null },
}));
const LEAGUE = {
  id: 'L',
  name: 'The Crew',
  memberCount: 1,
  myRank: 1,
  inviteCode: null,
  commissionerId: 'me',
  champion: null,
  season: { name: '2036', startDate: '2036-01-01', endDate: '2036-12-31' },
  standings: [{ userId: 'me', displayName: 'Me', rank: 1, points: 10 }],
};

jest.mock('@pickem/client/season-events', () => ({ seasonEvents: () => mockSeasonEvents() }));
jest.mock('../src/api', () => ({ client: { graphql: (q: unknown) => mockGraphql(q) } }));
jest.mock('@pickem/client/react', () => ({
  useLeague: () => ({ data: LEAGUE, error: null, reload: async () => {} }),
  useLeagueChat: () => ({ unread: 0, messages: [] }),
  useEventUpdates: () => 'live',
  useLeagueLines: (...args: unknown[]) => mockLines(...args),
}));

describe("the phone's league screen", () => {
  it('reads the season events once, for the season so far and the board', async () => {
    const nav = { route: { screen: 'league' as const, leagueId: 'L' }, go: () => {}, back: () => {}, reset: () => {} };
    await render(
      <NavContext.Provider value={nav}>
        <LeagueScreen leagueId="L" me="me" />
      </NavContext.Provider>,
    );
    expect(await screen.findByText('Full Gear')).toBeTruthy(); // the board's event: the latest started
    expect(mockSeasonEvents).toHaveBeenCalledTimes(1);
    expect(mockLines).toHaveBeenLastCalledWith('L', EVENTS, LEAGUE.standings);
    expect(mockGraphql).toHaveBeenCalled();
  });
});
