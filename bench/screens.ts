/**
 * What each screen costs at a given league size: DynamoDB requests, consumed RCU, and items read vs
 * returned, as seen by the local runtime's DynamoDB data source (ReturnConsumedCapacity).
 */
import { subFor } from 'appsync-local';
import { createStore } from '../amplify/functions/score-event/store.ts';
import { benchPlayer, buildLeague } from './fixture.ts';
import { profileItem, simulateSeason, writeLongSeason } from './long-season.ts';
import { benchLeagueScreens } from './league-screens.ts';
import { measureScreen, type ScreenCost } from './measure-screen.ts';
import type { BenchTarget } from './target.ts';

/** The profile: the player's name and each season's standing with its rank (its history is a field of its own, paged). */
const PROFILE_QUERY = 'query { userProfile { user { displayName } standings { season rank points } } }';

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
    query: PROFILE_QUERY,
    vars: () => ({}),
  },
  {
    screen: 'userProfileWithHistory',
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

const longPlayer = (i: number) => `bench-long-${i}`;

export async function benchScreens(target: BenchTarget, players: number): Promise<ScreenCost[]> {
  const ids = await buildLeague(target, players);
  const player = target.tokenFor(benchPlayer(0));
  const results: ScreenCost[] = [];
  for (const { screen, query, vars } of SCREENS) {
    results.push(await measureScreen(target, player, screen, players, query, vars(ids)));
  }
  results.push(...(await benchLeagueScreens(target, ids, players)));
  results.push(await benchLongSeasonProfile(target, players));
  return results;
}

/**
 * The profile of a player after a long season (bench/long-season.ts: 50 scored events, `players`
 * players with a realistic spread of totals, in a calendar year and a named season), as the profile row.
 */
async function benchLongSeasonProfile(target: BenchTarget, players: number): Promise<ScreenCost> {
  const store = createStore({ client: target.client, tableName: target.tableName, concurrency: 8 });
  const totals = simulateSeason(players, (i) => subFor(longPlayer(i)));
  await writeLongSeason(store, totals);
  await store.batchPut([profileItem(totals[0].userId, totals[0].displayName)]);
  const token = target.tokenFor(longPlayer(0));
  return measureScreen(target, token, 'userProfileLongSeason', players, PROFILE_QUERY, {});
}
