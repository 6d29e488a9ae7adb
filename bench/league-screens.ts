/**
 * What each league screen costs, measured as bench/screens.ts measures the others: player 0 is in
 * as many leagues as a player may be (each of them its commissioner), and the first of them is full
 * (or holds every player when there are fewer). Requests and RCU must not grow with the event's players.
 */
import { graphqlData } from 'appsync-local';
import { LEAGUE_LIMIT } from '@pickem/domain/entities/league';
import { benchPlayer } from './fixture.ts';
import { measureScreen, type ScreenCost } from './measure-screen.ts';
import type { BenchTarget } from './target.ts';

export interface LeagueScreenCost extends ScreenCost {
  leagueMembers: number;
}

const CREATE = 'mutation($i: CreateLeagueInput!) { createLeague(input: $i) { id inviteCode } }';
const JOIN = 'mutation($c: String!) { joinLeague(code: $c) { memberCount } }';

const SCREENS: { screen: string; query: string }[] = [
  { screen: 'myLeagues', query: 'query { myLeagues { id name season { id name } memberCount } }' },
  // The caller's rank in each league is a resolver of its own, reading the table its league item brought (no request).
  { screen: 'myLeaguesWithRank', query: 'query { myLeagues { id name season { id name } memberCount myRank } }' },
  {
    screen: 'leagueStandings',
    query:
      'query($l: ID!) { league(leagueId: $l) { name season { id name } standings { rank displayName points correct eventsPlayed } } }',
  },
  {
    screen: 'leagueEventLeaderboard',
    query:
      'query($l: ID!, $e: ID!) { league(leagueId: $l) { name eventLeaderboard(eventId: $e) { rank displayName points correct picks { matchId team } } } }',
  },
  // The apps' league board (client/documents.ts): the board and, in the same request, the card's matches that name each pick and the tie-break question.
  {
    screen: 'leagueEventBoardWithCard',
    query: `query($l: ID!, $e: ID!) { league(leagueId: $l) { id eventLeaderboard(eventId: $e) { userId rank displayName points correct tieBreak picks { matchId team method joker } } }
      eventCard(eventId: $e) { event { id tieBreakAnswer rules { tieBreakQuestion } } matches { id position result outcome teams { name members champion } } } }`,
  },
];

/** The invite page's read, by a player not in the league. */
const PREVIEW =
  'query($c: String!) { leaguePreview(code: $c) { name season { id name } commissionerName memberCount joinsOpen } }';

export async function benchLeagueScreens(
  target: BenchTarget,
  ids: { scoredEventId: string; namedSeasonId: string },
  players: number,
): Promise<LeagueScreenCost[]> {
  const owner = target.tokenFor(benchPlayer(0));
  const leagues: { id: string; inviteCode: string }[] = [];
  for (let l = 0; l < LEAGUE_LIMIT.leaguesPerPlayer; l += 1) {
    const { createLeague } = await graphqlData<{ createLeague: { id: string; inviteCode: string } }>(
      target.url,
      owner,
      CREATE,
      {
        i: { name: `Bench League ${l}`, seasonId: ids.namedSeasonId },
      },
    );
    leagues.push(createLeague);
  }
  const members = Math.min(players, LEAGUE_LIMIT.membersPerLeague);
  for (let i = 1; i < members; i += 1) {
    await graphqlData(target.url, target.tokenFor(benchPlayer(i)), JOIN, { c: leagues[0].inviteCode });
  }
  const vars = { l: leagues[0].id, e: ids.scoredEventId };
  const results: LeagueScreenCost[] = [];
  for (const { screen, query } of SCREENS) {
    results.push({ ...(await measureScreen(target, owner, screen, players, query, vars)), leagueMembers: members });
  }
  const outsider = target.tokenFor(benchPlayer(Math.max(members, 1)));
  results.push({
    ...(await measureScreen(target, outsider, 'leaguePreview', players, PREVIEW, { c: leagues[0].inviteCode })),
    leagueMembers: members,
  });
  return results;
}
