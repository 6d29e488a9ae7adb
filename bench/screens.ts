/**
 * What each screen costs at a given league size: DynamoDB requests, consumed RCU, and items read vs
 * returned, as seen by the local runtime's DynamoDB data source (ReturnConsumedCapacity).
 */
import { graphqlData } from 'appsync-local/local/client.ts';
import type { DynamoDbRequestEvent } from 'appsync-local/local/datasources/dynamodb.ts';
import { benchPlayer, buildLeague } from './fixture.ts';
import type { BenchTarget } from './target.ts';

export interface ScreenCost {
  screen: string;
  players: number;
  requests: number;
  rcu: number;
  itemsRead: number;
  itemsReturned: number;
}

const SCREENS: { screen: string; query: string; vars: (ids: Ids) => Record<string, unknown> }[] = [
  { screen: 'events', query: 'query { events { items { id name date state } nextToken } }', vars: () => ({}) },
  {
    screen: 'standings',
    query: 'query($s: Int!) { standings(season: $s) { items { rank displayName points correct eventsPlayed } nextToken } }',
    vars: (ids) => ({ s: ids.season }),
  },
  {
    screen: 'eventCard',
    query: 'query($e: ID!) { eventCard(eventId: $e) { event { id state } matches { id position teams { members } } myPrediction { picks { matchId team } } } }',
    vars: (ids) => ({ e: ids.upcomingEventId }),
  },
  {
    screen: 'eventCardScored',
    query: `query($e: ID!) { eventCard(eventId: $e) { event { id state } matches { id position result }
      myPrediction { points rank } leaderboard { items { rank displayName points } nextToken } } }`,
    vars: (ids) => ({ e: ids.scoredEventId }),
  },
  {
    screen: 'userProfile',
    query: 'query { userProfile { user { displayName } standings { season rank points } history { items { eventName points } nextToken } } }',
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
    const seen: DynamoDbRequestEvent[] = [];
    target.observe((event) => seen.push(event));
    await graphqlData(target.url, player, query, vars(ids));
    target.observe(null);
    results.push({
      screen,
      players,
      requests: seen.length,
      rcu: seen.reduce((sum, e) => sum + e.consumedRcu, 0),
      itemsRead: seen.reduce((sum, e) => sum + e.itemsRead, 0),
      itemsReturned: seen.reduce((sum, e) => sum + e.itemsReturned, 0),
    });
  }
  return results;
}
