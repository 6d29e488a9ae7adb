/**
 * What each screen costs at a given league size: DynamoDB requests, consumed RCU, and items read vs
 * returned, as seen by the local runtime's DynamoDB data source (ReturnConsumedCapacity).
 */
import { benchPlayer, buildLeague } from './fixture.ts';
import { benchLeagueScreens } from './league-screens.ts';
import { measureScreen, type ScreenCost } from './measure-screen.ts';
import type { BenchTarget } from './target.ts';

const SCREENS: { screen: string; query: string; vars: (ids: Ids) => Record<string, unknown> }[] = [
  { screen: 'events', query: 'query { events { items { id name date state } nextToken } }', vars: () => ({}) },
  {
    screen: 'upcomingEvents',
    query: 'query { upcomingEvents { event { id name startsAt state matchCount } myPickCount } }',
    vars: () => ({}),
  },
  {
    screen: 'standings',
    query:
      'query($s: Int!) { standings(season: $s) { items { rank displayName points correct eventsPlayed } nextToken } }',
    vars: (ids) => ({ s: ids.season }),
  },
  {
    screen: 'eventCard',
    query:
      'query($e: ID!) { eventCard(eventId: $e) { event { id state } matches { id position teams { members } } myPrediction { picks { matchId team } } } }',
    vars: (ids) => ({ e: ids.upcomingEventId }),
  },
  {
    screen: 'eventCardScored',
    query: `query($e: ID!) { eventCard(eventId: $e) { event { id state } matches { id position result }
      myPrediction { points rank } leaderboard { items { rank displayName points correct picks { matchId team } } nextToken } } }`,
    vars: (ids) => ({ e: ids.scoredEventId }),
  },
  {
    screen: 'userProfile',
    query:
      'query { userProfile { user { displayName } standings { season rank points } history { items { eventName points } nextToken } } }',
    vars: () => ({}),
  },
];

interface Ids {
  scoredEventId: string;
  upcomingEventId: string;
  season: number;
}

export async function benchScreens(target: BenchTarget, players: number): Promise<ScreenCost[]> {
  const ids = await buildLeague(target, players);
  const player = target.tokenFor(benchPlayer(0));
  const results: ScreenCost[] = [];
  for (const { screen, query, vars } of SCREENS) {
    results.push(await measureScreen(target, player, screen, players, query, vars(ids)));
  }
  results.push(...(await benchLeagueScreens(target, ids, players)));
  return results;
}
