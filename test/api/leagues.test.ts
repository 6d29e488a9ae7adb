/**
 * Leagues through the API on DynamoDB Local: created, joined by code, refused (wrong code, non-member,
 * twice), a player in leagues of two seasons; a live event whose league view is exact after each
 * result (against a computation written apart), then scored, with the league table and both seasons'
 * global standings checked; the commissioner's powers and what the others then see. Every refusal
 * is checked to write nothing (the whole table before and after).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { LEAGUE_OP as OPS, expectedBoard, refusal, subsOf } from './leagues-fixtures.ts';
import { ADMIN, ADMIN_GROUPS, OP, createCard, setState, tableSnapshot } from './mutations-fixtures.ts';

let api: TestApi;
let sub: Record<string, string>;
const ROAD = '2033-01-01-road-to-the-big-one';
const CODE = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{5}-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{5}$/;

beforeAll(async () => {
  api = await startTestApi();
  await api.data(
    ADMIN,
    OPS.createSeason,
    { i: { name: 'Road to the Big One', startDate: '2033-01-01', endDate: '2033-06-30' } },
    ADMIN_GROUPS,
  );
  sub = await subsOf(api, ['cara', 'mo', 'nia', 'xavi']);
});
afterAll(async () => {
  await api?.app.settled();
  await api?.close();
});

describe('leagues', () => {
  let league: { id: string; inviteCode: string };

  it('a player creates a league for a season, others join by its code; a wrong code, joining twice and a non-member are refused', async () => {
    const { createLeague } = await api.data('cara', OPS.create, { i: { name: ' Friends ', seasonId: ROAD } });
    expect(createLeague).toMatchObject({
      name: 'Friends',
      memberCount: 1,
      joinsOpen: true,
      commissionerId: sub.cara,
      season: { id: ROAD, startDate: '2033-01-01' },
    });
    expect(createLeague.inviteCode).toMatch(CODE);
    league = createLeague;

    // Typed back in lower case with spaces, and with O for 0 and I or L for 1: the same code.
    const typed = league.inviteCode.toLowerCase().replace('-', ' ').replaceAll('0', 'o').replaceAll('1', 'l');
    expect((await api.data('mo', OPS.join, { c: typed })).joinLeague).toMatchObject({
      id: league.id,
      memberCount: 2,
      inviteCode: league.inviteCode,
    });
    await api.data('nia', OPS.join, { c: league.inviteCode });

    const before = await tableSnapshot(api);
    expect(await refusal(api, 'xavi', OPS.join, { c: 'ZZZZZ-ZZZZZ' })).toBe('InvalidCode');
    expect(await refusal(api, 'xavi', OPS.join, { c: 'not a code!' })).toBe('InvalidCode');
    expect(await refusal(api, 'mo', OPS.join, { c: league.inviteCode })).toBe('AlreadyMember');
    expect(await refusal(api, 'xavi', OPS.league, { l: league.id })).toBe('NotMember');
    expect(await refusal(api, 'xavi', OPS.leave, { l: league.id })).toBe('NotMember');
    expect(await refusal(api, 'mo', OPS.rotate, { l: league.id })).toBe('NotCommissioner');
    expect(await refusal(api, 'mo', OPS.delete, { l: league.id })).toBe('NotCommissioner');
    expect(await refusal(api, 'cara', OPS.create, { i: { name: 'X', seasonId: '2033-02-02-nope' } })).toBe('NotFound');
    expect(await tableSnapshot(api)).toBe(before);
    expect((await api.data('xavi', OPS.league, { l: 'no-such-league' })).league).toBeNull();

    const seen = (await api.data('nia', OPS.league, { l: league.id })).league;
    expect(seen).toMatchObject({ memberCount: 3, inviteCode: league.inviteCode, myRank: 1 });
    expect(
      seen.standings
        .map((s: { userId: string; points: number; rank: number; seasonId: string }) => [
          s.userId,
          s.points,
          s.rank,
          s.seasonId,
        ])
        .sort(),
    ).toEqual([sub.cara, sub.mo, sub.nia].map((u) => [u, 0, 1, ROAD]).sort());
    // Admins read any league (moderation).
    expect((await api.data(ADMIN, OPS.league, { l: league.id }, ADMIN_GROUPS)).league).toMatchObject({
      id: league.id,
      inviteCode: league.inviteCode,
      myRank: null,
    });
  });

  it('a player is in leagues of different seasons, each listed with its season and their rank', async () => {
    const { createLeague } = await api.data('mo', OPS.create, { i: { name: 'Calendar Crew', seasonId: '2033' } });
    expect(createLeague.season).toEqual({ id: '2033', name: '2033', startDate: '2033-01-01', endDate: '2033-12-31' });
    const { myLeagues } = await api.data('mo', OPS.mine);
    expect(
      myLeagues.map((l: { name: string; season: { id: string }; myRank: number }) => [l.name, l.season.id, l.myRank]),
    ).toEqual([
      ['Friends', ROAD, 1],
      ['Calendar Crew', '2033', 1],
    ]);
    expect((await api.data('xavi', OPS.mine)).myLeagues).toEqual([]);
  });

  it('during a broadcast each member sees the league board move with every result, exact; scored, the league and both seasons are exact', async () => {
    const card = await createCard(api, 3, undefined, '2033-03-01');
    const points = [10, 10, 10];
    const picks: Record<string, Record<string, number>> = {
      [sub.cara]: { [card.matches[0]]: 0, [card.matches[1]]: 0, [card.matches[2]]: 1 },
      [sub.mo]: { [card.matches[0]]: 1, [card.matches[1]]: 0, [card.matches[2]]: 0 },
      [sub.nia]: { [card.matches[0]]: 0, [card.matches[1]]: 1 },
    };
    const name: Record<string, string> = { [sub.cara]: 'cara', [sub.mo]: 'mo', [sub.nia]: 'nia' };
    for (const [userId, p] of Object.entries(picks)) {
      await api.data(name[userId], OP.savePrediction, {
        e: card.id,
        p: Object.entries(p).map(([matchId, team]) => ({ matchId, team })),
      });
    }
    // Before the lock the league's view of the event is hidden, as every leaderboard is.
    expect((await api.data('mo', OPS.board, { l: league.id, e: card.id })).league.eventLeaderboard).toBeNull();

    await setState(api, card.id, 'BROADCAST');
    const results: Record<string, { winner: number; points: number }> = {};
    const winners = [0, 0, 0];
    const check = async (after: string) => {
      const expected = expectedBoard(picks, results);
      for (const viewer of ['cara', 'mo', 'nia']) {
        const board = (await api.data(viewer, OPS.board, { l: league.id, e: card.id })).league.eventLeaderboard;
        expect(
          board.map((r: { userId: string; points: number; correct: number; rank: number }) => ({
            userId: r.userId,
            points: r.points,
            correct: r.correct,
            rank: r.rank,
          })),
          `${viewer} ${after}`,
        ).toEqual([...expected.values()].sort((a, b) => a.rank - b.rank || (a.userId < b.userId ? 1 : -1)));
        expect(board.find((r: { userId: string }) => r.userId === sub.mo).picks).toHaveLength(3);
      }
    };
    await check('before any result');
    for (const [i, matchId] of card.matches.entries()) {
      await api.data(ADMIN, OP.setMatchResult, { e: card.id, m: matchId, w: winners[i] }, ADMIN_GROUPS);
      results[matchId] = { winner: winners[i], points: points[i] };
      await check(`after result ${i + 1}`);
    }
    await api.app.settled();
    await api.data(ADMIN, OP.scoreEvent, { e: card.id }, ADMIN_GROUPS);
    await check('once scored');

    const expected = expectedBoard(picks, results);
    const standings = (await api.data('cara', OPS.league, { l: league.id })).league.standings;
    expect(
      standings.map((s: { userId: string; points: number; correct: number; rank: number; eventsPlayed: number }) => [
        s.userId,
        s.points,
        s.correct,
        s.rank,
        s.eventsPlayed,
      ]),
    ).toEqual(
      [...expected.values()]
        .sort((a, b) => a.rank - b.rank || (a.userId < b.userId ? 1 : -1))
        .map((e) => [e.userId, e.points, e.correct, e.rank, 1]),
    );
    for (const season of [{ seasonId: ROAD }, { season: 2033 }]) {
      const global = (
        await api.data(
          'xavi',
          'query($s: Int, $id: ID) { standings(season: $s, seasonId: $id) { items { userId points correct rank } } }',
          { s: season.season, id: season.seasonId },
        )
      ).standings.items;
      expect(
        global.map((g: { userId: string; points: number; correct: number; rank: number }) => [
          g.userId,
          g.points,
          g.correct,
          g.rank,
        ]),
        JSON.stringify(season),
      ).toEqual(
        standings.map((s: { userId: string; points: number; correct: number; rank: number }) => [
          s.userId,
          s.points,
          s.correct,
          s.rank,
        ]),
      );
    }
    expect((await api.data('nia', OPS.mine)).myLeagues[0].myRank).toBe(expected.get(sub.nia)!.rank);
  });

  it('the commissioner renames, closes and opens joins, rotates the code, removes a member, hands over; members leave; the league is deleted', async () => {
    const renamed = (
      await api.data('cara', OPS.update, { i: { id: league.id, name: 'Best Friends', joinsOpen: false } })
    ).updateLeague;
    expect(renamed).toMatchObject({ name: 'Best Friends', joinsOpen: false });
    let before = await tableSnapshot(api);
    expect(await refusal(api, 'xavi', OPS.join, { c: league.inviteCode })).toBe('JoinsClosed');
    expect(await tableSnapshot(api)).toBe(before);
    await api.data('cara', OPS.update, { i: { id: league.id, joinsOpen: true } });

    const rotated = (await api.data('cara', OPS.rotate, { l: league.id })).rotateLeagueCode;
    expect(rotated.inviteCode).toMatch(CODE);
    expect(rotated.inviteCode).not.toBe(league.inviteCode);
    before = await tableSnapshot(api);
    expect(await refusal(api, 'xavi', OPS.join, { c: league.inviteCode })).toBe('InvalidCode');
    expect(await tableSnapshot(api)).toBe(before);
    expect((await api.data('mo', OPS.league, { l: league.id })).league.inviteCode).toBe(rotated.inviteCode);
    await api.data('xavi', OPS.join, { c: rotated.inviteCode });

    const removed = (await api.data('cara', OPS.remove, { l: league.id, u: sub.xavi })).removeLeagueMember;
    expect(removed.memberCount).toBe(3);
    expect(await refusal(api, 'xavi', OPS.league, { l: league.id })).toBe('NotMember');
    expect((await api.data('xavi', OPS.mine)).myLeagues).toEqual([]);
    before = await tableSnapshot(api);
    expect(await refusal(api, 'cara', OPS.remove, { l: league.id, u: sub.xavi })).toBe('NotMember');
    expect(await refusal(api, 'cara', OPS.transfer, { l: league.id, u: sub.xavi })).toBe('NotMember');
    expect(await refusal(api, 'cara', OPS.leave, { l: league.id })).toBe('CommissionerMustTransfer');
    expect(await tableSnapshot(api)).toBe(before);

    expect((await api.data('cara', OPS.transfer, { l: league.id, u: sub.mo })).transferLeague.commissionerId).toBe(
      sub.mo,
    );
    expect(await refusal(api, 'cara', OPS.rotate, { l: league.id })).toBe('NotCommissioner');
    const left = (await api.data('cara', OPS.leave, { l: league.id })).leaveLeague;
    expect(left).toMatchObject({ memberCount: 2, inviteCode: null, commissionerId: sub.mo });
    expect(await refusal(api, 'cara', OPS.league, { l: league.id })).toBe('NotMember');
    expect(
      (await api.data('nia', OPS.league, { l: league.id })).league.standings
        .map((s: { userId: string }) => s.userId)
        .sort(),
    ).toEqual([sub.mo, sub.nia].sort());

    expect(await refusal(api, 'nia', OPS.delete, { l: league.id })).toBe('NotCommissioner');
    const deleted = (await api.data('mo', OPS.delete, { l: league.id })).deleteLeague;
    expect(deleted).toMatchObject({ id: league.id, name: 'Best Friends', inviteCode: null });
    expect((await api.data('nia', OPS.league, { l: league.id })).league).toBeNull();
    expect((await api.data('nia', OPS.mine)).myLeagues).toEqual([]);
    expect((await api.data('mo', OPS.mine)).myLeagues.map((l: { name: string }) => l.name)).toEqual(['Calendar Crew']);
    expect(await refusal(api, 'xavi', OPS.join, { c: rotated.inviteCode })).toBe('InvalidCode');

    // An admin deletes any league (moderation).
    const other = (await api.data('nia', OPS.create, { i: { name: 'Moderated', seasonId: '2033' } })).createLeague;
    await api.data(ADMIN, OPS.delete, { l: other.id }, ADMIN_GROUPS);
    expect((await api.data('nia', OPS.mine)).myLeagues).toEqual([]);
  });
});
