/**
 * Prints every read screen's API response for the demo season, one JSON line per request, so that two
 * versions of the code can be compared on the same stored data (a restructuring changes no response):
 *   npm start -- --no-watch            # version A, .local/ kept
 *   npm run --silent api-snapshot > a.jsonl
 *   (check out version B, same .local/)
 *   npm start -- --no-watch
 *   npm run --silent api-snapshot > b.jsonl && cmp a.jsonl b.jsonl
 * Reads as the demo admin and three demo players: every page of events and standings, every event's
 * card and leaderboard, every season, each caller's leagues with their boards for each event, and every
 * player's profile with its history. `--url` names another API (default http://127.0.0.1:4000/graphql).
 */
import { parseArgs } from 'node:util';
import { graphqlRequest, loadOrCreateSigningKey, signToken } from 'appsync-local';
import { stateDir } from '../project.ts';
import { eventCard, events, league, myLeagues, seasons, standings, userProfile } from '@pickem/client/graphql/queries';

const { url } = parseArgs({ options: { url: { type: 'string', default: 'http://127.0.0.1:4000/graphql' } } }).values;
const key = loadOrCreateSigningKey(stateDir);

const leagueBoard = /* GraphQL */ `
  query LeagueBoard($leagueId: ID!, $eventId: ID!) {
    league(leagueId: $leagueId) {
      id
      eventLeaderboard(eventId: $eventId) {
        userId
        displayName
        eventId
        picks {
          matchId
          team
        }
        points
        correct
        rank
      }
    }
  }
`;

type Json = Record<string, any>;

async function ask(caller: { username: string; groups: string[] }, query: string, variables: Json = {}): Promise<Json> {
  const token = signToken(key, { username: caller.username, groups: caller.groups, use: 'access' });
  const response = await graphqlRequest(url!, token, query, variables);
  const line = { caller: caller.username, query: query.trim().split(/\s+/).slice(0, 2).join(' '), variables, response };
  // A page token is encrypted afresh on every call: printed as a placeholder, passed on as it is.
  process.stdout.write(
    `${JSON.stringify(line, (name, value) => (name === 'nextToken' && value ? '<nextToken>' : value))}\n`,
  );
  return response as Json;
}

async function everyPage(
  caller: { username: string; groups: string[] },
  query: string,
  field: string,
  variables: Json,
): Promise<Json[]> {
  const items: Json[] = [];
  let nextToken: string | undefined;
  do {
    const response = await ask(caller, query, { ...variables, limit: 7, nextToken });
    const page = response.data?.[field];
    items.push(...(page?.items ?? []));
    nextToken = page?.nextToken ?? undefined;
  } while (nextToken);
  return items;
}

const callers = [
  { username: 'admin', groups: ['admin'] },
  { username: 'player01', groups: [] },
  { username: 'player07', groups: [] },
  { username: 'player22', groups: [] },
];

const userIds = new Set<string>();
for (const caller of callers) {
  const allEvents = await everyPage(caller, events, 'events', {});
  for (const event of allEvents) {
    const card = await ask(caller, eventCard, { eventId: event.id, leaderboardLimit: 10 });
    for (const row of card.data?.eventCard?.leaderboard?.items ?? []) userIds.add(row.userId);
  }
  const allSeasons = (await ask(caller, seasons)).data?.seasons ?? [];
  for (const season of allSeasons) {
    for (const row of await everyPage(caller, standings, 'standings', { seasonId: season.id })) userIds.add(row.userId);
  }
  for (const mine of (await ask(caller, myLeagues)).data?.myLeagues ?? []) {
    await ask(caller, league, { leagueId: mine.id });
    for (const event of allEvents) await ask(caller, leagueBoard, { leagueId: mine.id, eventId: event.id });
  }
  await ask(caller, userProfile, { historyLimit: 5 });
}
for (const userId of [...userIds].sort()) {
  await ask(callers[1], userProfile, { userId, historyLimit: 50 });
}
