/**
 * The wrestling rules through the API (issue 31): the rules set and locked at the bell, the picks'
 * joker, finish and tie-break checked on save, results with their finish, the tie-break answer, and
 * the points each match earned, the card bonus, the points still possible and the pick shares, live
 * and once scored, checked against a hand computation of the rules. Friends' jokers, finishes and
 * guesses (issue 41): on the event's leaderboard, a league's board and a player's history from the
 * lock, never before.
 */
import type { ScoringRulesInput } from '@pickem/domain/schema-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subFor } from 'appsync-local';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { ADMIN, ADMIN_GROUPS, createCard, inOneHour, OP, setState, tableSnapshot } from './mutations-fixtures.ts';
import { EVERY_RULE_ON } from '../../scripts/demo/rules.ts';

let api: TestApi;
const asAdmin = (q: string, v: Record<string, unknown> = {}) => api.data(ADMIN, q, v, ADMIN_GROUPS);
const adminRequest = (q: string, v: Record<string, unknown> = {}) => api.request(ADMIN, q, v, ADMIN_GROUPS);

const RULES_FIELDS =
  'rules { joker methodBonus underdogBonus underdogPercent titleChangeBonus perfectCardBonus tieBreakQuestion } tieBreakAnswer';
const PREDICTION_FIELDS =
  'userId picks { matchId team method joker } tieBreak points correct rank scores { matchId points } cardBonus possiblePoints';
const CREATE = `mutation($i: CreateEventInput!) { createEvent(input: $i) { id state ${RULES_FIELDS} } }`;
const UPDATE = `mutation($i: UpdateEventInput!) { updateEvent(input: $i) { id state ${RULES_FIELDS} } }`;
const ADD = `mutation($e: ID!, $i: MatchInput!) { addMatch(eventId: $e, input: $i) { id } }`;
const SAVE = `mutation($e: ID!, $p: [PickInput!]!, $t: Int) { savePrediction(eventId: $e, picks: $p, tieBreak: $t) { ${PREDICTION_FIELDS} } }`;
const RESULT = `mutation($e: ID!, $m: ID!, $w: Int, $o: MatchOutcome, $f: FinishMethod) {
  setMatchResult(eventId: $e, matchId: $m, winner: $w, outcome: $o, method: $f) { id result outcome method } }`;
const ANSWER = `mutation($e: ID!, $a: Int!) { setTieBreakAnswer(eventId: $e, answer: $a) { id ${RULES_FIELDS} } }`;
const SCORE = `mutation($e: ID!) { scoreEvent(eventId: $e) { finished } }`;
const LEAGUE = `mutation($i: CreateLeagueInput!) { createLeague(input: $i) { id inviteCode } }`;
const JOIN = `mutation($c: String!) { joinLeague(code: $c) { id } }`;
const LEAGUE_BOARD = `query($l: ID!, $e: ID!) { league(leagueId: $l) { eventLeaderboard(eventId: $e) { ${PREDICTION_FIELDS} } } }`;
const HISTORY = `query($u: ID) { userProfile(userId: $u) { history(limit: 100) { items { eventId ${PREDICTION_FIELDS} } } } }`;
const BELL = `mutation($i: UpdateEventInput!) { updateEvent(input: $i) { id startsAt } }`;
const CARD = `query($e: ID!) { eventCard(eventId: $e) {
  event { id state ${RULES_FIELDS} } matches { id method pickShares }
  myPrediction { ${PREDICTION_FIELDS} } leaderboard(limit: 100) { items { ${PREDICTION_FIELDS} } } } }`;

let counter = 0;
async function rulesEvent(rules: ScoringRulesInput | null) {
  counter += 1;
  const name = `Rules Event ${counter} ${Math.random().toString(36).slice(2, 8)}`;
  const input = { name, date: '2033-05-05', startsAt: inOneHour(), ...(rules ? { rules } : {}) };
  const { createEvent } = await asAdmin(CREATE, { i: input });
  const team = (who: string, champion = false) => ({ members: [who], champion });
  const matches = [
    { name: 'Title', points: 10, championships: ['World'], teams: [team('Champ', true), team('Challenger')] },
    { name: 'Tag', points: 20, teams: [team('A'), team('B')] },
    { name: 'Main', points: 30, teams: [team('C'), team('D')] },
  ];
  const ids: string[] = [];
  for (const i of matches) ids.push((await asAdmin(ADD, { e: createEvent.id, i })).addMatch.id);
  return { event: createEvent, ids };
}

beforeAll(async () => {
  api = await startTestApi();
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe('rules on an event', () => {
  it('defaults to every rule off, and sets the rules given on creation', async () => {
    const plain = await rulesEvent(null);
    expect(plain.event.rules).toEqual({
      joker: false,
      methodBonus: 0,
      underdogBonus: 0,
      underdogPercent: 30,
      titleChangeBonus: 0,
      perfectCardBonus: 0,
      tieBreakQuestion: null,
    });
    const ruled = await rulesEvent(EVERY_RULE_ON);
    expect(ruled.event.rules).toEqual(EVERY_RULE_ON);
    expect(ruled.event.tieBreakAnswer).toBeNull();
  });

  it('changes rules until the bell, then refuses with RulesLocked and writes nothing', async () => {
    const { event } = await rulesEvent({ joker: true });
    const { updateEvent } = await asAdmin(UPDATE, {
      i: { id: event.id, rules: { methodBonus: 3, tieBreakQuestion: ' ' } },
    });
    expect(updateEvent.rules).toMatchObject({ joker: true, methodBonus: 3, tieBreakQuestion: null });
    const bad = await adminRequest(UPDATE, { i: { id: event.id, rules: { underdogPercent: 0 } } });
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
    await setState(api, event.id, 'BROADCAST');
    const before = await tableSnapshot(api);
    const locked = await adminRequest(UPDATE, { i: { id: event.id, rules: { joker: false } } });
    expect(locked.errors?.[0]).toMatchObject({ errorType: 'RulesLocked' });
    expect(await tableSnapshot(api)).toBe(before);
  });

  it('refuses two jokers, a joker or a finish the rules do not score, and a guess with no question', async () => {
    const ruled = await rulesEvent({ joker: true, methodBonus: 5 });
    const plain = await rulesEvent(null);
    const before = await tableSnapshot(api);
    const refusals = [
      { e: ruled.event.id, p: ruled.ids.slice(0, 2).map((matchId) => ({ matchId, team: 0, joker: true })) },
      { e: plain.event.id, p: [{ matchId: plain.ids[0], team: 0, joker: true }] },
      { e: plain.event.id, p: [{ matchId: plain.ids[0], team: 0, method: 'PINFALL' }] },
      { e: ruled.event.id, p: [{ matchId: ruled.ids[0], team: 0 }], t: 12 },
    ];
    for (const variables of refusals) {
      const res = await api.request('rules-refused', SAVE, variables);
      expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
    }
    expect(await tableSnapshot(api)).toBe(before);
  });
});

describe('an event played with every rule on', () => {
  let eventId: string;
  let m: string[];
  // p5 picks as p2 and guesses as far the other way: equal on points and on the tie-break.
  const picks = (ids: string[]) => ({
    p1: {
      p: [
        { matchId: ids[0], team: 1, method: 'SUBMISSION' },
        { matchId: ids[1], team: 0, joker: true },
        { matchId: ids[2], team: 0 },
      ],
      t: 20,
    },
    p2: {
      p: [
        { matchId: ids[0], team: 0 },
        { matchId: ids[1], team: 1 },
        { matchId: ids[2], team: 0 },
      ],
      t: 15,
    },
    p3: {
      p: [
        { matchId: ids[0], team: 0 },
        { matchId: ids[1], team: 0 },
        { matchId: ids[2], team: 1, joker: true },
      ],
      t: 31,
    },
    p4: {
      p: [
        { matchId: ids[0], team: 0 },
        { matchId: ids[1], team: 0 },
        { matchId: ids[2], team: 0 },
      ],
      t: null,
    },
    p5: {
      p: [
        { matchId: ids[0], team: 0 },
        { matchId: ids[1], team: 1 },
        { matchId: ids[2], team: 0 },
      ],
      t: 21,
    },
  });
  const card = (player: string) => api.data(player, CARD, { e: eventId }).then((d) => d.eventCard);
  let leagueId: string;
  type Row = { userId: string; picks: unknown[]; tieBreak: number | null; points: number | null; rank: number | null };
  const leagueBoard = (player: string) =>
    api.data(player, LEAGUE_BOARD, { l: leagueId, e: eventId }).then((d) => d.league.eventLeaderboard as Row[] | null);
  const historyRow = (viewer: string, of: string) =>
    api
      .data(viewer, HISTORY, { u: subFor(of) })
      .then((d) => (d.userProfile.history.items as (Row & { eventId: string })[]).find((i) => i.eventId === eventId));
  const rowOf = (rows: Row[], player: string) => rows.find((r) => r.userId === subFor(player));
  // p1's picks as every other player sees them once locked: the joker and the finish on each, the guess.
  const p1Seen = () => ({
    picks: [
      { matchId: m[0], team: 1, method: 'SUBMISSION', joker: false },
      { matchId: m[1], team: 0, method: null, joker: true },
      { matchId: m[2], team: 0, method: null, joker: false },
    ],
    tieBreak: 20,
  });

  beforeAll(async () => {
    const made = await rulesEvent(EVERY_RULE_ON);
    eventId = made.event.id;
    m = made.ids;
    for (const [player, { p, t }] of Object.entries(picks(m))) {
      const { savePrediction } = await api.data(player, SAVE, { e: eventId, p, t });
      expect(savePrediction.tieBreak).toBe(t);
    }
    // The five are friends: a league of the event's calendar season.
    const { createLeague } = await api.data('p1', LEAGUE, { i: { name: 'Rules Friends', seasonId: '2033' } });
    leagueId = createLeague.id;
    for (const player of ['p2', 'p3', 'p4', 'p5']) await api.data(player, JOIN, { c: createLeague.inviteCode });
  });

  it('keeps the joker and the finish on the picks, and shows no shares before the bell', async () => {
    const mine = await card('p1');
    expect(mine.myPrediction.picks).toEqual([
      { matchId: m[0], team: 1, method: 'SUBMISSION', joker: false },
      { matchId: m[1], team: 0, method: null, joker: true },
      { matchId: m[2], team: 0, method: null, joker: false },
    ]);
    expect(mine.matches.map((x: { pickShares: number[] | null }) => x.pickShares)).toEqual([null, null, null]);
    const early = await adminRequest(ANSWER, { e: eventId, a: 18 });
    expect(early.errors?.[0]).toMatchObject({ errorType: 'InvalidStateTransition' });
  });

  it("hides a friend's joker, finish and tie-break guess before the lock: no board, no league board, no history", async () => {
    const friend = await card('p2');
    expect(friend.leaderboard).toBeNull();
    expect(friend.myPrediction).toMatchObject({ userId: subFor('p2'), tieBreak: 15 });
    expect(await leagueBoard('p2')).toBeNull();
    expect(await historyRow('p2', 'p1')).toBeUndefined();
    expect(await historyRow('p1', 'p1')).toMatchObject(p1Seen());
  });

  it('shows them from the bell, before the event is live: on the league board and in the history, without points', async () => {
    const bellMs = Date.now() + 1_500;
    await asAdmin(BELL, { i: { id: eventId, startsAt: new Date(bellMs).toISOString() } });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, bellMs - Date.now()) + 50));
    const friend = await card('p2');
    expect(friend.event.state).toBe('UPCOMING');
    expect(friend.leaderboard).toBeNull(); // the event's board starts with the broadcast
    const board = (await leagueBoard('p2'))!;
    expect(board).toHaveLength(5);
    expect(rowOf(board, 'p1')).toMatchObject({ ...p1Seen(), points: null, rank: null });
    expect(rowOf(board, 'p4')).toMatchObject({ tieBreak: null });
    expect(await historyRow('p2', 'p1')).toMatchObject(p1Seen());
  });

  it('scores a result live: each match, the points still possible, the shares at the bell', async () => {
    await setState(api, eventId, 'BROADCAST');
    const set = await asAdmin(RESULT, { e: eventId, m: m[0], w: 1, f: 'SUBMISSION' });
    expect(set.setMatchResult).toMatchObject({ result: 1, outcome: 'WIN', method: 'SUBMISSION' });
    await api.app.settled();
    const mine = await card('p1');
    // 1 of 5 picked the challenger: 20%, under 30%.
    expect(mine.matches.map((x: { pickShares: number[] | null }) => x.pickShares)).toEqual([
      [80, 20],
      [60, 40],
      [80, 20],
    ]);
    // 10 + finish 5 + underdog 15 + title change 10; still possible: the joker's 40, 30, and the perfect card's 25.
    expect(mine.myPrediction).toMatchObject({
      points: 40,
      correct: 1,
      rank: 1,
      scores: [{ matchId: m[0], points: 40 }],
      cardBonus: 0,
      possiblePoints: 95,
    });
    const row = mine.leaderboard.items.find((r: { userId: string }) => r.userId === subFor('p1'));
    expect(row).toMatchObject({ points: 40, possiblePoints: 95, scores: [{ matchId: m[0], points: 40 }] });
    // p2 lost the opener: no perfect card left; 20 + 30 possible.
    const p2 = mine.leaderboard.items.find((r: { userId: string }) => r.userId === subFor('p2'));
    expect(p2).toMatchObject({ points: 0, possiblePoints: 50 });
    // A friend sees p1's joker, finish and guess on the event's board and on the league's, live.
    expect(rowOf((await card('p2')).leaderboard.items, 'p1')).toMatchObject({ ...p1Seen(), points: 40 });
    expect(rowOf((await leagueBoard('p2'))!, 'p1')).toMatchObject({ ...p1Seen(), points: 40, rank: 1 });
  });

  it('voids a joker on a draw, takes a lost joker, and waits for the tie-break answer', async () => {
    const draw = await adminRequest(RESULT, { e: eventId, m: m[1], o: 'DRAW', f: 'PINFALL' });
    expect(draw.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
    await asAdmin(RESULT, { e: eventId, m: m[1], o: 'DRAW' });
    await asAdmin(RESULT, { e: eventId, m: m[2], w: 0, f: 'PINFALL' });
    await api.app.settled();
    const refused = await adminRequest(SCORE, { e: eventId });
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'TieBreakAnswerMissing' });
    const { setTieBreakAnswer } = await asAdmin(ANSWER, { e: eventId, a: 18 });
    expect(setTieBreakAnswer.tieBreakAnswer).toBe(18);
    await api.app.settled();
  });

  it('scores the event: the perfect card, then ties on points broken by the closest guess', async () => {
    expect((await asAdmin(SCORE, { e: eventId })).scoreEvent.finished).toBe(true);
    const board = (await card('p1')).leaderboard.items as {
      userId: string;
      points: number;
      rank: number;
      cardBonus: number;
      possiblePoints: number | null;
    }[];
    const byPlayer = (name: string) => board.find((r) => r.userId === subFor(name))!;
    // p1: 40 + 0 (the joker's draw) + 30 + 25; p2, p5: 30, 3 away from 18; p4: 30, no guess; p3: -30 (lost joker).
    expect(['p1', 'p2', 'p5', 'p4', 'p3'].map((p) => [byPlayer(p).points, byPlayer(p).rank])).toEqual([
      [95, 1],
      [30, 2],
      [30, 2],
      [30, 4],
      [-30, 5],
    ]);
    expect(byPlayer('p1')).toMatchObject({ cardBonus: 25, possiblePoints: null });
    // The guesses that ranked the three level on 30 show on both boards, to any friend.
    const level = ['p2', 'p5', 'p4'];
    const seen = (rows: Row[]) => level.map((p) => [rowOf(rows, p)!.tieBreak, rowOf(rows, p)!.rank]);
    const broken = [
      [15, 2],
      [21, 2],
      [null, 4],
    ];
    expect(seen((await card('p3')).leaderboard.items)).toEqual(broken);
    expect(seen((await leagueBoard('p3'))!)).toEqual(broken);
    expect(rowOf((await leagueBoard('p3'))!, 'p1')).toMatchObject(p1Seen());
    const mine = (await card('p3')).myPrediction;
    expect(mine).toMatchObject({
      points: -30,
      rank: 5,
      scores: [
        { matchId: m[0], points: 0 },
        { matchId: m[1], points: 0 },
        { matchId: m[2], points: -30 },
      ],
    });
  });
});
