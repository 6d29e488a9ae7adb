/**
 * The league table stored on the league, through the API: myLeagues with every league's myRank in 2
 * requests (the memberships, then the leagues with their tables), each rank as League.standings
 * shows it; a league's standings from its table with the names now; and a join that meets a scoring
 * pass rewriting the joiner's standing (injected between the join's reads and its transaction, by a
 * proxy in front of DynamoDB Local) refused as ConcurrentModification with nothing written.
 */
import { UpdateItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoDbClient } from 'appsync-local';
import { dynamoEndpoint } from 'appsync-local/testing';
import { TABLE } from '@pickem/domain/entities/table';
import { LEAGUE, LEAGUE_LIMIT, LEAGUE_TABLE } from '@pickem/domain/entities/league';
import { toAttributes } from '../../amplify/functions/score-event/attributes.ts';
import { backfillLeagueTable } from '../../amplify/functions/score-event/league-tables.ts';
import { createStore } from '../../amplify/functions/score-event/store.ts';
import { stateDir } from '../../project.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { startDynamoDbProxy, type DynamoDbProxy } from '../support/dynamodb-proxy.ts';
import { LEAGUE_OP as OPS, subsOf } from './leagues-fixtures.ts';
import { ADMIN, ADMIN_GROUPS, OP, createCard, setState, tableSnapshot } from './mutations-fixtures.ts';

let api: TestApi;
let proxy: DynamoDbProxy;
let sub: Record<string, string>;
/** Set: the next transaction that checks a standing first sees that standing rewritten, as a scoring pass would. */
let rewriteStandingBeforeNextTransaction = false;
/** The key of the standing last rewritten so. */
let rewrittenKey: Record<string, AttributeValue> | null = null;
/** Set: run just before the next transaction reaches DynamoDB (then unset). */
let beforeNextTransaction: (() => Promise<unknown>) | null = null;

const db = createDynamoDbClient(dynamoEndpoint(), stateDir);

/** A scoring pass's rewrite of a standing: a point more, its revision raised. */
async function rewriteStanding(tableName: string, key: Record<string, AttributeValue>) {
  await db.send(
    new UpdateItemCommand({
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET #points = #points + :one, #rev = #rev + :one',
      ExpressionAttributeNames: { '#points': 'points', '#rev': 'rev' },
      ExpressionAttributeValues: { ':one': { N: '1' } },
    }),
  );
}

interface TransactBody {
  TransactItems: { ConditionCheck?: { TableName: string; Key: Record<string, AttributeValue> } }[];
}

/** Before a transaction reaches DynamoDB: the standing rewrite or the change a test asked for. */
async function beforeForward(operation: string, text: string) {
  if (operation !== 'TransactWriteItems') return;
  if (rewriteStandingBeforeNextTransaction) {
    const body = JSON.parse(text) as TransactBody;
    const check = body.TransactItems.map((i) => i.ConditionCheck).find((c) =>
      c?.Key[TABLE.sk]?.S?.startsWith('STANDING#'),
    );
    if (check) {
      rewriteStandingBeforeNextTransaction = false;
      rewrittenKey = check.Key;
      await rewriteStanding(check.TableName, check.Key);
    }
  }
  if (beforeNextTransaction) {
    const change = beforeNextTransaction;
    beforeNextTransaction = null;
    await change();
  }
}

async function requestsOf(player: string, query: string, variables: Record<string, unknown> = {}) {
  proxy.seen.length = 0;
  const res = await api.request(player, query, variables);
  expect(res.errors).toBeUndefined();
  return { ops: [...proxy.seen], data: res.data };
}

const PLAYERS = ['t1', 't2', 't3', 't4', 't5'];
const leagues: { id: string; inviteCode: string }[] = [];

beforeAll(async () => {
  proxy = await startDynamoDbProxy(dynamoEndpoint(), beforeForward);
  api = await startTestApi({ dynamoEndpoint: proxy.endpoint });
  sub = await subsOf(api, PLAYERS);
  const event = await createCard(api, 3, new Date(Date.now() + 3600_000).toISOString(), '2036-04-04');
  // t1..t4 play (t2 and t3 level on points and correct picks); t5 does not.
  const teams = [
    [0, 0, 0],
    [0, 1, 1],
    [0, 1, 1],
    [1, 1, 1],
  ];
  for (const [i, player] of ['t1', 't2', 't3', 't4'].entries())
    await api.data(player, OP.savePrediction, {
      e: event.id,
      p: event.matches.map((matchId, m) => ({ matchId, team: teams[i][m] })),
    });
  await setState(api, event.id, 'BROADCAST');
  for (const m of event.matches) await api.data(ADMIN, OP.setMatchResult, { e: event.id, m, w: 0 }, ADMIN_GROUPS);
  await api.app.settled();
  await api.data(ADMIN, OP.scoreEvent, { e: event.id }, ADMIN_GROUPS);
  await api.app.settled();
  // t1 is in as many leagues as a player may be; t2, t3 and t5 join the first.
  for (let l = 0; l < LEAGUE_LIMIT.leaguesPerPlayer; l += 1)
    leagues.push((await api.data('t1', OPS.create, { i: { name: `Table ${l}`, seasonId: '2036' } })).createLeague);
  for (const player of ['t2', 't3', 't5']) await api.data(player, OPS.join, { c: leagues[0].inviteCode });
}, 120_000);

afterAll(async () => {
  await api?.app.settled();
  await api?.close();
  proxy?.close();
  db.destroy();
});

const MINE = 'query { myLeagues { id myRank } }';
const STANDINGS = 'query($l: ID!) { league(leagueId: $l) { myRank standings { userId displayName rank points } } }';

describe('the league table stored on the league', () => {
  it('myLeagues with every myRank: 2 requests for 10 leagues, each rank as League.standings shows it', async () => {
    const { ops, data } = await requestsOf('t1', MINE);
    expect(ops).toEqual(['Query', 'BatchGetItem']);
    expect(data.myLeagues).toHaveLength(LEAGUE_LIMIT.leaguesPerPlayer);
    const standings = (await api.data('t1', STANDINGS, { l: leagues[0].id })).league.standings;
    // Written apart: t1 3 correct (ranked 1), t2 and t3 level on 1 correct (2 and 2), t5 and nothing played (4).
    expect(standings.map((s: { userId: string; rank: number }) => [s.userId, s.rank])).toEqual([
      [sub.t1, 1],
      [sub.t3 > sub.t2 ? sub.t3 : sub.t2, 2],
      [sub.t3 > sub.t2 ? sub.t2 : sub.t3, 2],
      [sub.t5, 4],
    ]);
    for (const player of ['t1', 't2', 't3', 't5']) {
      const mine = (await api.data(player, MINE)).myLeagues.find((l: { id: string }) => l.id === leagues[0].id);
      const row = standings.find((s: { userId: string }) => s.userId === sub[player]);
      expect(mine.myRank, player).toBe(row.rank);
    }
    // Every other league holds t1 alone.
    expect(data.myLeagues.slice(1).map((l: { myRank: number }) => l.myRank)).toEqual(Array(9).fill(1));
  });

  it("a league's standings: the league with its table, then the names now, 2 requests", async () => {
    await api.data('t2', OPS.whoAmI, { n: 'Tee Two' });
    const { ops, data } = await requestsOf('t2', STANDINGS, { l: leagues[0].id });
    expect(ops).toEqual(['Query', 'BatchGetItem']);
    expect(data.league.standings.find((s: { userId: string }) => s.userId === sub.t2).displayName).toBe('Tee Two');
  });

  it('a join that meets a scoring pass rewriting the joiner standing is refused, nothing written; trying again joins with the new figures', async () => {
    const before = await tableSnapshot(api);
    rewriteStandingBeforeNextTransaction = true;
    const refused = await api.request('t4', OPS.join, { c: leagues[0].inviteCode });
    expect(rewriteStandingBeforeNextTransaction, 'the race was injected').toBe(false);
    expect(refused.errors?.[0]?.errorType).toBe('ConcurrentModification');
    expect(refused.errors?.[0]?.message).toMatch(/try again/);
    // Only the injected rewrite of t4's standing differs: the join wrote nothing.
    const after = await tableSnapshot(api);
    const isRewritten = (i: Record<string, AttributeValue>) =>
      i[TABLE.pk].S === rewrittenKey?.[TABLE.pk].S && i[TABLE.sk].S === rewrittenKey?.[TABLE.sk].S;
    const others = (snapshot: string) =>
      (JSON.parse(snapshot) as Record<string, AttributeValue>[]).filter((i) => !isRewritten(i));
    expect(others(after)).toEqual(others(before));
    expect(JSON.parse(after).filter(isRewritten)).not.toEqual(JSON.parse(before).filter(isRewritten));
    expect((await api.data('t4', MINE)).myLeagues).toEqual([]);
    expect((await api.data('t1', OPS.league, { l: leagues[0].id })).league.memberCount).toBe(4);
    const t4 = (await api.data('t4', '{ userProfile { standings { seasonId points } } }')).userProfile.standings;
    const points = t4.find((s: { seasonId: string }) => s.seasonId === '2036').points;

    // The join's answer reads its table fields live (the league as written): the same as the stored table.
    const joined = (
      await api.data(
        't4',
        'mutation($c: String!) { joinLeague(code: $c) { myRank standings { userId rank points } } }',
        {
          c: leagues[0].inviteCode,
        },
      )
    ).joinLeague;
    const standings = (await api.data('t1', STANDINGS, { l: leagues[0].id })).league.standings;
    expect(standings.find((s: { userId: string }) => s.userId === sub.t4).points).toBe(points);
    expect(joined.standings).toEqual(
      standings.map((s: { userId: string; rank: number; points: number }) => ({
        userId: s.userId,
        rank: s.rank,
        points: s.points,
      })),
    );
    expect(joined.myRank).toBe(standings.find((s: { userId: string }) => s.userId === sub.t4).rank);
  });

  it("a member who leaves or is removed leaves the stored table: the standings and the others' ranks without them", async () => {
    await api.data('t5', OPS.leave, { l: leagues[0].id });
    await api.data('t1', OPS.remove, { l: leagues[0].id, u: sub.t2 });
    const { ops, data } = await requestsOf('t3', MINE);
    expect(ops).toEqual(['Query', 'BatchGetItem']);
    const standings = (await api.data('t1', STANDINGS, { l: leagues[0].id })).league.standings;
    expect(standings.map((s: { userId: string; rank: number }) => [s.userId, s.rank])).toEqual([
      [sub.t1, 1],
      [sub.t3, 2],
      [sub.t4, 3],
    ]);
    expect(data.myLeagues[0].myRank).toBe(2);
  });

  it('a join, leave or removal on a league from before tables that meets the backfill is refused as changed meanwhile, nothing written', async () => {
    const store = createStore({ client: db, tableName: api.tableName, concurrency: 1 });
    /** The league as it was before tables: its table and version removed. */
    const untable = (leagueId: string) =>
      db.send(
        new UpdateItemCommand({
          TableName: api.tableName,
          Key: toAttributes({ ...LEAGUE.key(leagueId) }),
          UpdateExpression: 'REMOVE #t, #v',
          ExpressionAttributeNames: { '#t': LEAGUE_TABLE.attribute, '#v': LEAGUE_TABLE.versionAttribute },
        }),
      );
    /** The refusal of `query` when the backfill gives the league its table between its reads and its transaction. */
    const refusedByBackfill = async (
      leagueId: string,
      player: string,
      query: string,
      variables: Record<string, unknown>,
    ) => {
      await untable(leagueId);
      const before = await tableSnapshot(api);
      let backfilled: boolean | null = null;
      beforeNextTransaction = async () => (backfilled = await backfillLeagueTable(store, leagueId));
      const res = await api.request(player, query, variables);
      expect(backfilled, 'the backfill ran first').toBe(true);
      expect(res.errors?.[0]?.errorType).toBe('ConcurrentModification');
      expect(res.errors?.[0]?.message).toBe(`League ${leagueId} changed meanwhile; try again`);
      // Only the league item (its table, from the backfill) differs.
      const league = (i: Record<string, AttributeValue>) =>
        i[TABLE.pk].S === `LEAGUE#${leagueId}` && i[TABLE.sk].S === 'LEAGUE';
      const others = (snapshot: string) =>
        (JSON.parse(snapshot) as Record<string, AttributeValue>[]).filter((i) => !league(i));
      expect(others(await tableSnapshot(api))).toEqual(others(before));
    };

    // A join: refused, then accepted as tried again.
    const [joinAt, leaveAt, removeAt] = [leagues[1], leagues[2], leagues[3]];
    await refusedByBackfill(joinAt.id, 't3', OPS.join, { c: joinAt.inviteCode });
    expect((await api.data('t3', OPS.join, { c: joinAt.inviteCode })).joinLeague.memberCount).toBe(2);

    // A leave, and a removal by the commissioner: refused, then done as tried again.
    await api.data('t3', OPS.join, { c: leaveAt.inviteCode });
    await refusedByBackfill(leaveAt.id, 't3', OPS.leave, { l: leaveAt.id });
    await api.data('t3', OPS.leave, { l: leaveAt.id });
    await api.data('t3', OPS.join, { c: removeAt.inviteCode });
    await refusedByBackfill(removeAt.id, 't1', OPS.remove, { l: removeAt.id, u: sub.t3 });
    await api.data('t1', OPS.remove, { l: removeAt.id, u: sub.t3 });
    for (const at of [leaveAt, removeAt]) {
      const standings = (await api.data('t1', STANDINGS, { l: at.id })).league.standings;
      expect(standings.map((s: { userId: string }) => s.userId)).toEqual([sub.t1]);
    }
  });
});
