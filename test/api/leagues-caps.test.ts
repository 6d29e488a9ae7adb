/**
 * League caps, enforced in the join and create transactions: a full league (LeagueFull) and one league
 * too many (LeagueLimitReached), each refused with nothing written; the league's tables are refused to
 * a caller who is not a member even through a League a mutation returned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAGUE_LIMIT } from '@pickem/domain/entities/league';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { LEAGUE_OP as OPS, refusal } from './leagues-fixtures.ts';
import { tableSnapshot } from './mutations-fixtures.ts';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('league caps', () => {
  it(`a league holds at most ${LEAGUE_LIMIT.membersPerLeague} members`, async () => {
    const { createLeague } = await api.data('boss', OPS.create, { i: { name: 'Big', seasonId: '2034' } });
    for (let i = 1; i < LEAGUE_LIMIT.membersPerLeague; i++)
      await api.data(`fan${i}`, OPS.join, { c: createLeague.inviteCode });
    const { league } = await api.data('boss', OPS.league, { l: createLeague.id });
    expect(league.memberCount).toBe(LEAGUE_LIMIT.membersPerLeague);
    expect(league.standings).toHaveLength(LEAGUE_LIMIT.membersPerLeague);
    const before = await tableSnapshot(api);
    expect(await refusal(api, 'late', OPS.join, { c: createLeague.inviteCode })).toBe('LeagueFull');
    expect(await tableSnapshot(api)).toBe(before);
    // Deleting a full league is one transaction within DynamoDB's 100 items.
    expect((await api.data('boss', OPS.delete, { l: createLeague.id })).deleteLeague.id).toBe(createLeague.id);
    expect((await api.data('fan1', OPS.mine)).myLeagues).toEqual([]);
  });

  it(`a player is in at most ${LEAGUE_LIMIT.leaguesPerPlayer} leagues, created or joined`, async () => {
    const codes: string[] = [];
    for (let i = 0; i < LEAGUE_LIMIT.leaguesPerPlayer; i++)
      codes.push(
        (await api.data('busy', OPS.create, { i: { name: `L${i}`, seasonId: '2034' } })).createLeague.inviteCode,
      );
    const other = (await api.data('host', OPS.create, { i: { name: 'One more', seasonId: '2034' } })).createLeague;
    const before = await tableSnapshot(api);
    expect(await refusal(api, 'busy', OPS.create, { i: { name: 'Too many', seasonId: '2034' } })).toBe(
      'LeagueLimitReached',
    );
    expect(await refusal(api, 'busy', OPS.join, { c: other.inviteCode })).toBe('LeagueLimitReached');
    expect(await tableSnapshot(api)).toBe(before);
    const { myLeagues } = await api.data('busy', OPS.mine);
    expect(myLeagues).toHaveLength(LEAGUE_LIMIT.leaguesPerPlayer);
    // Leaving one (handed over first) frees a place.
    const first = (await api.data('pal', OPS.join, { c: codes[0] })).joinLeague;
    const pal = (await api.data('pal', OPS.whoAmI, { n: 'pal' })).updateMyProfile.id;
    await api.data('busy', OPS.transfer, { l: first.id, u: pal });
    await api.data('busy', OPS.leave, { l: first.id });
    expect((await api.data('busy', OPS.join, { c: other.inviteCode })).joinLeague.memberCount).toBe(2);
  });

  it('a League returned to someone no longer in it does not show its tables', async () => {
    const { createLeague } = await api.data('owner', OPS.create, { i: { name: 'Private', seasonId: '2034' } });
    await api.data('guest', OPS.join, { c: createLeague.inviteCode });
    const left = await api.request(
      'guest',
      `mutation($l: ID!) { leaveLeague(leagueId: $l) { id inviteCode standings { userId } } }`,
      { l: createLeague.id },
    );
    expect(left.errors?.[0].errorType).toBe('NotMember');
    expect(await refusal(api, 'guest', OPS.board, { l: createLeague.id, e: 'any' })).toBe('NotMember');
  });
});
