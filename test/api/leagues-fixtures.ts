/** Operations and an independent computation shared by the league tests (test/api/leagues*.test.ts). */
import type { TestApi } from '../support/local-api.ts';

const SEASON = 'season { id name startDate endDate }';
export const LEAGUE_FIELDS = `id name ${SEASON} memberCount joinsOpen commissionerId inviteCode`;

export const LEAGUE_OP = {
  createSeason: 'mutation($i: CreateSeasonInput!) { createSeason(input: $i) { id } }',
  create: `mutation($i: CreateLeagueInput!) { createLeague(input: $i) { ${LEAGUE_FIELDS} } }`,
  join: `mutation($c: String!) { joinLeague(code: $c) { ${LEAGUE_FIELDS} } }`,
  leave: `mutation($l: ID!) { leaveLeague(leagueId: $l) { ${LEAGUE_FIELDS} } }`,
  update: `mutation($i: UpdateLeagueInput!) { updateLeague(input: $i) { ${LEAGUE_FIELDS} } }`,
  rotate: `mutation($l: ID!) { rotateLeagueCode(leagueId: $l) { ${LEAGUE_FIELDS} } }`,
  remove: `mutation($l: ID!, $u: ID!) { removeLeagueMember(leagueId: $l, userId: $u) { ${LEAGUE_FIELDS} } }`,
  transfer: `mutation($l: ID!, $u: ID!) { transferLeague(leagueId: $l, userId: $u) { ${LEAGUE_FIELDS} } }`,
  delete: `mutation($l: ID!) { deleteLeague(leagueId: $l) { id name memberCount inviteCode } }`,
  league: `query($l: ID!) { league(leagueId: $l) { ${LEAGUE_FIELDS} myRank standings { seasonId season rank userId displayName points correct eventsPlayed } } }`,
  board: `query($l: ID!, $e: ID!) { league(leagueId: $l) { id eventLeaderboard(eventId: $e) { userId displayName picks { matchId team } points correct rank } } }`,
  mine: `query { myLeagues { ${LEAGUE_FIELDS} myRank } }`,
  whoAmI: 'mutation($n: String!) { updateMyProfile(displayName: $n) { id } }',
};

/** Each user's id (the token's sub), found by setting their display name to the username. */
export async function subsOf(api: TestApi, users: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const u of users) out[u] = (await api.data(u, LEAGUE_OP.whoAmI, { n: u })).updateMyProfile.id;
  return out;
}

/** The error type of a request that must fail. */
export async function refusal(
  api: TestApi,
  user: string,
  query: string,
  variables: Record<string, unknown>,
  groups?: string[],
): Promise<string | undefined> {
  const response = await api.request(user, query, variables, groups);
  return response.errors?.[0]?.errorType ?? undefined;
}

/**
 * Written apart from the resolvers: each player's points and correct picks on the results known so
 * far, and competition ranks (points, then correct), by user id.
 */
export function expectedBoard(
  picks: Record<string, Record<string, number>>,
  results: Record<string, { winner: number; points: number }>,
) {
  const rows = Object.entries(picks).map(([userId, p]) => {
    let points = 0;
    let correct = 0;
    for (const [matchId, result] of Object.entries(results)) {
      if (p[matchId] === result.winner) {
        points += result.points;
        correct += 1;
      }
    }
    return { userId, points, correct };
  });
  return new Map(
    rows.map((r) => [
      r.userId,
      {
        ...r,
        rank: 1 + rows.filter((o) => o.points > r.points || (o.points === r.points && o.correct > r.correct)).length,
      },
    ]),
  );
}
