/**
 * The read screens on boards (domain/entities/board.ts), end to end over HTTP with the scoring
 * function: an event leaderboard and a season's standings longer than a chunk (100 rows), paged with
 * competition ranks right on both pages and ties across the page boundary; a nextToken that is not a
 * page of the board refused; a board whose chunks hold their rows as a list (written before they were
 * JSON text) read the same; an empty page while BROADCAST before the first result; the caller's live
 * points and rank from the head after a result; and a renamed event whose histories follow it without
 * any prediction being rewritten.
 */
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoDbClient, subFor } from 'appsync-local';
import { dynamoEndpoint } from 'appsync-local/testing';
import { BOARD, BOARD_LIMIT } from '@pickem/domain/entities/board';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import { toAttributes } from '../../amplify/functions/score-event/attributes.ts';
import { Fixture } from '../scoring/fixtures.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { ADMIN, ADMIN_GROUPS, inOneHour, OP } from './mutations-fixtures.ts';
import { stateDir } from '../../project.ts';

let api: TestApi;
const asAdmin = (q: string, v: Record<string, unknown> = {}) => api.data(ADMIN, q, v, ADMIN_GROUPS);

/** More players than a chunk holds: the second page starts in the second chunk. */
const PLAYERS = Array.from({ length: BOARD_LIMIT.rowsPerChunk + 30 }, (_, i) => `board-${String(i).padStart(3, '0')}`);
const POINTS = [1, 2, 4];
const DATE = '2034-02-02';
const SEASON = 2034;
/** Player i's pick of match m: a spread of scores with many ties (0 to 7 points). */
const pickOf = (i: number, m: number) => (Math.floor(i / (m + 2)) + m) % 2;

const CARD = `query($e: ID!, $l: Int, $t: String) { eventCard(eventId: $e) {
  event { state } leaderboardFinal
  myPrediction { points correct rank }
  leaderboard(limit: $l, nextToken: $t) { items { userId displayName eventName points correct rank picks { matchId team } updatedAt } nextToken } } }`;
const STANDINGS = `query($s: Int!, $l: Int, $t: String) { standings(season: $s, limit: $l, nextToken: $t) {
  items { rank userId points correct eventsPlayed } nextToken } }`;
const SET_RESULT =
  'mutation($e: ID!, $m: ID!, $w: Int) { setMatchResult(eventId: $e, matchId: $m, winner: $w) { id } }';

let eventId: string;
let matches: string[];

async function createEvent(name: string, date: string) {
  const { createEvent } = await asAdmin(OP.createEvent, { i: { name, date, startsAt: inOneHour() } });
  const ids: string[] = [];
  for (const [n, points] of POINTS.entries()) {
    const { addMatch } = await asAdmin(OP.addMatch, {
      e: createEvent.id,
      i: { name: `Match ${n}`, points, teams: [{ members: [`A${n}`] }, { members: [`B${n}`] }] },
    });
    ids.push(addMatch.id);
  }
  return { id: createEvent.id as string, matches: ids };
}

/** Competition ranks of [userId, points, correct] rows, in the boards' order (points, correct, user id descending). */
function expectedBoard(rows: [string, number, number][]) {
  const sorted = [...rows].sort((a, b) => b[1] - a[1] || b[2] - a[2] || (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0));
  return sorted.map(([userId, points, correct], i) => {
    const first = sorted.findIndex((r) => r[1] === points && r[2] === correct);
    return { userId, points, correct, rank: first + 1, index: i };
  });
}

/** Every player's points and correct picks with team 0 winning every match. */
function finalScores(): [string, number, number][] {
  return PLAYERS.map((p, i) => {
    let points = 0;
    let correct = 0;
    POINTS.forEach((pts, m) => {
      if (pickOf(i, m) === 0) {
        points += pts;
        correct += 1;
      }
    });
    return [subFor(p), points, correct];
  });
}

beforeAll(async () => {
  api = await startTestApi();
  ({ id: eventId, matches } = await createEvent('Board Night', DATE));
  await Promise.all(
    PLAYERS.map((p, i) =>
      api.data(p, OP.savePrediction, { e: eventId, p: matches.map((matchId, m) => ({ matchId, team: pickOf(i, m) })) }),
    ),
  );
  await asAdmin(OP.updateEvent, { i: { id: eventId, state: 'BROADCAST' } });
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('an event board, live then final', () => {
  it('is an empty page while BROADCAST before the first result, and the caller has no figures yet', async () => {
    // Going BROADCAST ran a live pass (its board, on no result, is not shown).
    await api.app.settled();
    const { eventCard } = await api.data(PLAYERS[0], CARD, { e: eventId });
    expect(eventCard.event.state).toBe('BROADCAST');
    expect(eventCard.leaderboard).toEqual({ items: [], nextToken: null });
    expect(eventCard.myPrediction).toEqual({ points: null, correct: null, rank: null });
  });

  it("gives the caller's live points and rank from the board after a result, as the board's row shows them", async () => {
    await asAdmin(SET_RESULT, { e: eventId, m: matches[2], w: 0 });
    await api.app.settled();
    // Only match 2 (4 points) has a result: players who picked team 0 there share 4 points and rank 1.
    const winners = PLAYERS.filter((_, i) => pickOf(i, 2) === 0);
    const losers = PLAYERS.filter((_, i) => pickOf(i, 2) !== 0);
    for (const [player, figures] of [
      [winners[0], { points: 4, correct: 1, rank: 1 }],
      [losers[0], { points: 0, correct: 0, rank: winners.length + 1 }],
    ] as const) {
      const { eventCard } = await api.data(player, CARD, { e: eventId, l: 100 });
      expect(eventCard.leaderboardFinal).toBe(false);
      expect(eventCard.myPrediction).toEqual(figures);
      const all = [...eventCard.leaderboard.items];
      let token = eventCard.leaderboard.nextToken;
      while (token) {
        const next = (await api.data(player, CARD, { e: eventId, l: 100, t: token })).eventCard.leaderboard;
        all.push(...next.items);
        token = next.nextToken;
      }
      expect(all).toHaveLength(PLAYERS.length);
      expect(all.find((row: { userId: string }) => row.userId === subFor(player))).toMatchObject(figures);
    }
  });

  it('pages a final board of more than a chunk with competition ranks right on both pages', async () => {
    for (const m of matches.slice(0, 2)) await asAdmin(SET_RESULT, { e: eventId, m, w: 0 });
    await api.app.settled();
    await asAdmin(OP.scoreEvent, { e: eventId });
    const expected = expectedBoard(finalScores());
    // A tie runs across the boundary between the pages (so page 2's first rank is not 101).
    expect(expected[99].rank).toBe(expected[100].rank);

    const first = (await api.data(PLAYERS[5], CARD, { e: eventId, l: 100 })).eventCard;
    expect(first.leaderboardFinal).toBe(true);
    expect(first.leaderboard.items).toHaveLength(100);
    expect(first.leaderboard.nextToken).toEqual(expect.any(String));
    const second = (await api.data(PLAYERS[5], CARD, { e: eventId, l: 100, t: first.leaderboard.nextToken })).eventCard;
    expect(second.leaderboard.items).toHaveLength(PLAYERS.length - 100);
    expect(second.leaderboard.nextToken).toBeNull();
    const rows = [...first.leaderboard.items, ...second.leaderboard.items];
    expect(
      rows.map((r: { userId: string; points: number; correct: number; rank: number }) => ({
        userId: r.userId,
        points: r.points,
        correct: r.correct,
        rank: r.rank,
      })),
    ).toEqual(expected.map(({ userId, points, correct, rank }) => ({ userId, points, correct, rank })));
    // A row is a whole prediction: the player's name, picks in card order and the save time.
    const row = rows.find((r: { userId: string }) => r.userId === subFor(PLAYERS[7]));
    expect(row).toMatchObject({
      displayName: PLAYERS[7],
      eventName: 'Board Night',
      picks: matches.map((matchId, m) => ({ matchId, team: pickOf(7, m) })),
    });
    expect(Date.parse(row.updatedAt)).toBeLessThan(Date.now());
    // The caller's own figures agree with their row.
    expect(first.myPrediction).toEqual({
      points: expected.find((e) => e.userId === subFor(PLAYERS[5]))!.points,
      correct: expect.any(Number),
      rank: expected.find((e) => e.userId === subFor(PLAYERS[5]))!.rank,
    });

    // A middle page of a small size spans the two chunks.
    const middle = (await api.data(PLAYERS[5], CARD, { e: eventId, l: 10, t: '95' })).eventCard.leaderboard;
    expect(middle.items.map((r: { rank: number }) => r.rank)).toEqual(expected.slice(95, 105).map((e) => e.rank));
    expect(middle.nextToken).toBe('105');
  });

  it('reads a board whose chunks hold their rows as a list, as chunks written before the JSON text do', async () => {
    const everyRow = async () => {
      const first = (await api.data(PLAYERS[5], CARD, { e: eventId, l: 100 })).eventCard.leaderboard;
      const second = (await api.data(PLAYERS[5], CARD, { e: eventId, l: 100, t: first.nextToken })).eventCard;
      return [...first.items, ...second.leaderboard.items];
    };
    const asText = await everyRow();
    const client = createDynamoDbClient(dynamoEndpoint(), stateDir);
    expect(await new Fixture(client, api.tableName).chunksAsLists(BOARD.eventScope(eventId))).toBe(2);
    client.destroy();
    const asList = await everyRow();
    expect(asList).toHaveLength(PLAYERS.length);
    expect(asList).toEqual(asText);
  });

  it.each(['abc', '-1', '1.5', String(PLAYERS.length + 1), '99999999999'])(
    'refuses the nextToken %j with a ValidationError',
    async (token) => {
      const res = await api.request(PLAYERS[0], CARD, { e: eventId, t: token });
      expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', path: ['eventCard', 'leaderboard'] });
      expect(res.errors?.[0].message).toMatch(/nextToken/);
    },
  );
});

describe("a season's standings from its board", () => {
  it('pages the season board: 2 pages, competition ranks right on both, ties across the boundary', async () => {
    const expected = expectedBoard(finalScores());
    const first = (await api.data(PLAYERS[0], STANDINGS, { s: SEASON, l: 100 })).standings;
    expect(first.items).toHaveLength(100);
    const second = (await api.data(PLAYERS[0], STANDINGS, { s: SEASON, l: 100, t: first.nextToken })).standings;
    expect(second.nextToken).toBeNull();
    const rows = [...first.items, ...second.items];
    expect(rows.map((r: { userId: string; points: number; rank: number }) => [r.userId, r.points, r.rank])).toEqual(
      expected.map((e) => [e.userId, e.points, e.rank]),
    );
    expect(rows.every((r: { eventsPlayed: number }) => r.eventsPlayed === 1)).toBe(true);
    const bad = await api.request(PLAYERS[0], STANDINGS, { s: SEASON, t: 'not-a-page' });
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', path: ['standings'] });
  });

  it("ranks a profile's standing on the season board", async () => {
    const expected = expectedBoard(finalScores());
    for (const player of [PLAYERS[0], PLAYERS[PLAYERS.length - 1]]) {
      const { userProfile } = await api.data(player, '{ userProfile { standings { season rank points } } }');
      const mine = expected.find((e) => e.userId === subFor(player))!;
      expect(userProfile.standings).toEqual([{ season: SEASON, rank: mine.rank, points: mine.points }]);
    }
  });

  it('is an empty page for a season without a board, and refuses any token but its start', async () => {
    expect((await api.data(PLAYERS[0], STANDINGS, { s: 2035 })).standings).toEqual({ items: [], nextToken: null });
    const res = await api.request(PLAYERS[0], STANDINGS, { s: 2035, t: '20' });
    expect(res.errors?.[0].errorType).toBe('ValidationError');
  });
});

describe('renaming an event', () => {
  it('shows the new name in every history at once, and rewrites no prediction', async () => {
    const HISTORY = '{ userProfile { history(limit: 5) { items { eventId eventName points rank } } } }';
    await asAdmin(OP.updateEvent, { i: { id: eventId, name: 'Board Night Renamed' } });
    for (const player of [PLAYERS[0], PLAYERS[42]]) {
      const { userProfile } = await api.data(player, HISTORY);
      expect(userProfile.history.items[0]).toMatchObject({
        eventId,
        eventName: 'Board Night Renamed',
        points: expect.any(Number),
        rank: expect.any(Number),
      });
    }
    const client = createDynamoDbClient(dynamoEndpoint(), stateDir);
    const key = PREDICTION.key(subFor(PLAYERS[42]), DATE, eventId);
    const { Item } = await client.send(
      new GetItemCommand({ TableName: api.tableName, Key: toAttributes(key), ConsistentRead: true }),
    );
    client.destroy();
    expect(Item?.eventName.S).toBe('Board Night');
    const { eventCard } = await api.data(
      PLAYERS[0],
      'query($e: ID!) { eventCard(eventId: $e) { leaderboard(limit: 1) { items { eventName } } } }',
      { e: eventId },
    );
    expect(eventCard.leaderboard.items[0].eventName).toBe('Board Night Renamed');
  });
});
