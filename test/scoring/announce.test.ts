/**
 * The updates the scoring function publishes (announce.ts), built from what DynamoDB Local holds, and
 * their size against AppSync's subscription payload limit.
 */
import { MAX_CARD_CHANGES } from '@pickem/domain/card-changes';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createAnnouncer, deliveredBytes, withinPayloadLimit } from '../../amplify/functions/score-event/announce.ts';
import { fromAttributes, toAttributes } from '../../amplify/functions/score-event/attributes.ts';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { BOARD, type BoardHead } from '@pickem/domain/entities/board';
import { MATCH_LIMIT, MAX_MATCHES_PER_CARD } from '@pickem/domain/entities/match';
import { PROFILE_LIMIT } from '@pickem/domain/entities/profile';
import { EVENT_LIMIT } from '@pickem/domain/entities/event';
import { DEFAULT_RULES, RULES_LIMIT } from '@pickem/domain/rules';
import { QUESTION_LIMIT } from '@pickem/domain/limits';
import { MAX_SUBSCRIPTION_MESSAGE_BYTES } from 'appsync-cloud';
import { createTestTable } from 'appsync-local/testing';
import { LIVE_LEADERBOARD_SIZE, eventUpdateProblem } from '@pickem/domain/live';
import type { Award, EventUpdateInput } from '@pickem/domain/schema-types';
import { Fixture, expectedLeaderboard, type EventSpec, type Picks } from './fixtures.ts';

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('the updates, built from the table', () => {
  it('RESULT, STATE and LEADERBOARD show the event as stored now, the match at its card position, the top 20 of the event board', async () => {
    const { client, tableName } = await createTestTable();
    const fx = new Fixture(client, tableName);
    const spec: EventSpec = {
      id: 'live',
      date: '2031-04-04',
      matches: [
        { id: 'm1', points: 10, result: 1 },
        { id: 'm2', points: 5, result: null, outcome: 'NO_CONTEST' },
        { id: 'm3', points: 7, result: null },
        { id: 'off', points: 1, result: 0 },
      ],
      matchOrder: ['m2', 'm1', 'm3'],
    };
    await fx.event(spec);
    const picks: Picks = {};
    for (let u = 0; u < 25; u++) picks[`user-${String(u).padStart(2, '0')}`] = { m1: u % 3, m2: 0, m3: (u + 1) % 3 };
    await fx.predictions(spec, picks);
    await createScorer({ client, tableName }).scoreEvent('live', { provisional: true });

    const announcer = createAnnouncer({ client, tableName });
    const event = {
      id: 'live',
      name: 'Event live',
      date: '2031-04-04',
      startsAt: '2031-04-04T20:00:00.000Z',
      state: 'BROADCAST',
      season: 2031,
      matchCount: 3,
      rules: DEFAULT_RULES,
      tieBreakAnswer: null,
      cardChanges: [],
    };

    // readAt: taken before the reads, so between the clock before and after the call.
    const readWithin = (before: number, after: number) =>
      expect.toSatisfy(
        (at: string) => ISO_MS.test(at) && Date.parse(at) >= before && Date.parse(at) <= after,
        `an ISO time in [${before}, ${after}]`,
      );
    let before = Date.now();
    const result = await announcer.result('live', 'm1');
    expect(result).toEqual({
      eventId: 'live',
      kind: 'RESULT',
      readAt: readWithin(before, Date.now()),
      event,
      matchId: 'm1',
      match: {
        id: 'm1',
        eventId: 'live',
        position: 2,
        name: null,
        points: 10,
        preshow: false,
        championships: [],
        teams: [
          { name: null, members: ['A'], champion: false },
          { name: null, members: ['B'], champion: false },
          { name: null, members: ['C'], champion: false },
        ],
        result: 1,
        outcome: 'WIN',
        method: null,
        // The picks at the bell, as the board's head counted them (36% is 9 of 25).
        pickShares: [36, 32, 32],
      },
    });
    expect((await announcer.result('live', 'm2'))?.match).toMatchObject({
      position: 1,
      result: null,
      outcome: 'NO_CONTEST',
    });
    expect(await announcer.result('live', 'off'), 'a match off the card').toBeNull();
    expect(await announcer.result('gone', 'm1'), 'no such event').toBeNull();

    before = Date.now();
    expect(await announcer.state('live')).toEqual({
      eventId: 'live',
      kind: 'STATE',
      readAt: readWithin(before, Date.now()),
      event,
    });
    expect(await announcer.state('gone')).toBeNull();
    expect(await announcer.leaderboard('gone')).toBeNull();

    before = Date.now();
    const board = (await announcer.leaderboard('live'))!;
    expect(board.readAt).toEqual(readWithin(before, Date.now()));
    expect(eventUpdateProblem(board)).toBeNull();
    // The version of the board it shows: what orders two LEADERBOARDs.
    const head = await client.send(
      new GetItemCommand({
        TableName: tableName,
        Key: toAttributes({ ...BOARD.eventHeadKey('live') }),
        ConsistentRead: true,
      }),
    );
    expect(board.boardVersion).toBe((fromAttributes(head.Item!) as unknown as BoardHead).version);
    expect(board.boardVersion).toBeGreaterThanOrEqual(1);
    expect(board.leaderboard).toHaveLength(LIVE_LEADERBOARD_SIZE);
    const expected = expectedLeaderboard({ ...spec, matches: spec.matches.filter((m) => m.id !== 'off') }, picks);
    const order = [...expected.entries()]
      .sort(([a, x], [b, y]) => y.points - x.points || y.correct - x.correct || (a < b ? 1 : -1))
      .slice(0, LIVE_LEADERBOARD_SIZE);
    expect(board.leaderboard!.map((r) => [r.userId, r.points, r.correct, r.rank])).toEqual(
      order.map(([u, s]) => [u, s.points, s.correct, s.rank]),
    );
    expect(board.leaderboard![0]).toEqual({
      userId: order[0][0],
      displayName: `name-${order[0][0]}`,
      eventId: 'live',
      eventName: 'Event live',
      eventDate: '2031-04-04',
      // In card order, from the board's row (one character a match of the card).
      picks: ['m2', 'm1', 'm3'].map((matchId) => ({
        matchId,
        team: picks[order[0][0]][matchId],
        method: null,
        joker: false,
      })),
      points: order[0][1].points,
      correct: order[0][1].correct,
      rank: order[0][1].rank,
      updatedAt: '2031-04-04T19:00:00.000Z',
      tieBreak: null,
      scores: order[0][1].scores,
      cardBonus: 0,
      possiblePoints: 7, // m3 (7 points) has no result yet
      answers: [],
      questionScores: [],
      awards: [], // a live board's: awards come with the final one
    });
  });
});

describe("AppSync's subscription payload limit", () => {
  // Characters of three UTF-8 bytes: the widest per UTF-16 unit, which is what the limits count.
  const wide = (n: number) => '語'.repeat(n);
  const event = {
    id: 'e'.repeat(200),
    name: wide(EVENT_LIMIT.name),
    date: '2031-01-01',
    startsAt: '2031-01-01T20:00:00.000Z',
    state: 'BROADCAST' as const,
    season: 2031,
    matchCount: 50,
    rules: { ...DEFAULT_RULES, tieBreakQuestion: wide(RULES_LIMIT.tieBreakQuestion) },
    tieBreakAnswer: RULES_LIMIT.tieBreak,
    cardChanges: [],
  };

  const widest = (answers: boolean) => {
    const row = (u: number) => ({
      userId: `${String(u).padStart(8, '0')}-0000-0000-0000-000000000000`,
      displayName: wide(PROFILE_LIMIT.displayName),
      eventId: event.id,
      eventName: event.name,
      eventDate: event.date,
      picks: Array.from({ length: MAX_MATCHES_PER_CARD }, (_, m) => ({
        matchId: `01HZX${String(m).padStart(21, '0')}`,
        team: MATCH_LIMIT.teamsPerMatch - 1,
        method: 'DISQUALIFICATION' as const,
        joker: m === 0,
      })),
      points: 50_000,
      correct: 50,
      rank: u + 1,
      updatedAt: '2031-01-01T19:59:59.999Z',
      tieBreak: RULES_LIMIT.tieBreak,
      scores: Array.from({ length: MAX_MATCHES_PER_CARD }, (_, m) => ({
        matchId: `01HZX${String(m).padStart(21, '0')}`,
        points: -5000,
      })),
      cardBonus: 1000,
      possiblePoints: 250_000,
      // Every question a card may ask, each answered with every option it may have.
      answers: answers
        ? Array.from({ length: QUESTION_LIMIT.perEvent }, (_, q) => ({
            questionId: `01HZQ${String(q).padStart(21, '0')}`,
            options: Array.from({ length: QUESTION_LIMIT.options }, (_, o) => o),
            number: -(2 ** 31),
          }))
        : [],
      questionScores: Array.from({ length: QUESTION_LIMIT.perEvent }, (_, q) => ({
        questionId: `01HZQ${String(q).padStart(21, '0')}`,
        points: -5000,
      })),
      awards: ['TOP_SCORE', 'PERFECT_CARD', 'BOLDEST_CALL'] as Award[],
    });
    const update: EventUpdateInput = {
      eventId: event.id,
      kind: 'LEADERBOARD',
      readAt: event.startsAt,
      event,
      leaderboard: Array.from({ length: LIVE_LEADERBOARD_SIZE }, (_, u) => row(u)),
      boardVersion: 2 ** 31 - 1,
    };
    return update;
  };

  it('fits a LEADERBOARD of 20 predictions with 50 picks each, 20 question scores and the longest names', () => {
    const update = widest(false);
    const bytes = deliveredBytes(update);
    expect(bytes).toBeGreaterThan(50_000);
    expect(bytes).toBeLessThan(MAX_SUBSCRIPTION_MESSAGE_BYTES);
    expect(withinPayloadLimit(update)).toBe(update);
  });

  it('sends a LEADERBOARD whose answers would not fit without them (they do not change after the bell), keeping the question scores', () => {
    const update = widest(true);
    expect(deliveredBytes(update)).toBeGreaterThan(MAX_SUBSCRIPTION_MESSAGE_BYTES);
    const sent = withinPayloadLimit(update);
    expect(deliveredBytes(sent)).toBeLessThan(MAX_SUBSCRIPTION_MESSAGE_BYTES);
    expect(
      sent.leaderboard!.every((p) => p.answers.length === 0 && p.questionScores.length === QUESTION_LIMIT.perEvent),
    ).toBe(true);
    expect(sent.leaderboard!.map((p) => [p.userId, p.points, p.rank])).toEqual(
      update.leaderboard!.map((p) => [p.userId, p.points, p.rank]),
    );
  });

  it('sends a RESULT whose match would not fit without the match, keeping its id; a usual one whole', () => {
    const teams = Array.from({ length: MATCH_LIMIT.teamsPerMatch }, () => ({
      name: wide(MATCH_LIMIT.teamName),
      members: Array.from({ length: MATCH_LIMIT.membersPerTeam }, () => wide(MATCH_LIMIT.member)),
      champion: false,
    }));
    const match = {
      id: 'm',
      eventId: event.id,
      position: 1,
      name: wide(MATCH_LIMIT.name),
      points: 1000,
      preshow: false,
      championships: [],
      teams,
      result: 0,
      outcome: 'WIN' as const,
    };
    const huge: EventUpdateInput = {
      eventId: event.id,
      kind: 'RESULT',
      readAt: event.startsAt,
      event,
      matchId: 'm',
      match,
    };
    expect(deliveredBytes(huge)).toBeGreaterThan(MAX_SUBSCRIPTION_MESSAGE_BYTES);
    const sent = withinPayloadLimit(huge);
    expect(sent).toEqual({ ...huge, match: null });
    expect(eventUpdateProblem(sent)).toBeNull();

    const usual = {
      ...huge,
      match: { ...match, teams: teams.slice(0, 4).map((t) => ({ ...t, members: t.members.slice(0, 3) })) },
    };
    expect(withinPayloadLimit(usual)).toBe(usual);
  });
});

describe('an update whose event carries many late card changes', () => {
  it('goes without them, which do not change after the bell (a subscriber keeps those it read)', () => {
    // As many late card changes as an event keeps, each of two sides of long lines.
    const wide = (n: number) => '語'.repeat(n);
    const cardChanges = Array.from({ length: MAX_CARD_CHANGES }, (_, c) => ({
      matchId: `01HZX${String(c % 50).padStart(21, '0')}`,
      position: 1 + (c % 50),
      at: '2031-01-01T19:00:00.000Z',
      removed: false,
      sides: [0, 1],
      before: [wide(400), wide(400)],
      after: [wide(400), wide(400)],
    }));
    const event = {
      id: 'changed',
      name: 'Changed card',
      date: '2031-01-01',
      startsAt: '2031-01-01T20:00:00.000Z',
      state: 'BROADCAST' as const,
      season: 2031,
      matchCount: 50,
      rules: DEFAULT_RULES,
      tieBreakAnswer: null,
      cardChanges,
    };
    const update: EventUpdateInput = { eventId: event.id, kind: 'STATE', readAt: event.startsAt, event };
    expect(deliveredBytes(update)).toBeGreaterThan(MAX_SUBSCRIPTION_MESSAGE_BYTES);
    const sent = withinPayloadLimit(update);
    expect(sent.event.cardChanges).toEqual([]);
    expect(deliveredBytes(sent)).toBeLessThan(MAX_SUBSCRIPTION_MESSAGE_BYTES);
  });
});
