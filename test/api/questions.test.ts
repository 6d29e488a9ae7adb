/** Issue 42's questions through the API: the admin's edits and answers, a player's answers, and the refusals (nothing written). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subFor } from 'appsync-local';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { ADMIN, ADMIN_GROUPS, createCard, inOneHour, setState, tableSnapshot } from './mutations-fixtures.ts';

const Q =
  'id position kind text options pickCount points closePoints closeRange answer { options number void } optionShares';
const SCORED = 'userId points rank possiblePoints questionScores { questionId points }';
type Row = { userId: string; answers?: unknown };
const OPS = {
  add: `mutation($e: ID!, $i: QuestionInput!) { addQuestion(eventId: $e, input: $i) { ${Q} } }`,
  update: `mutation($e: ID!, $q: ID!, $i: QuestionInput!) { updateQuestion(eventId: $e, questionId: $q, input: $i) { ${Q} } }`,
  remove: `mutation($e: ID!, $q: ID!) { removeQuestion(eventId: $e, questionId: $q) { id } }`,
  answer: `mutation($e: ID!, $q: ID!, $o: [Int!], $n: Int, $v: Boolean) {
    setQuestionAnswer(eventId: $e, questionId: $q, options: $o, number: $n, void: $v) { ${Q} } }`,
  save: `mutation($e: ID!, $p: [PickInput!]!, $a: [AnswerInput!]) { savePrediction(eventId: $e, picks: $p, answers: $a) {
    answers { questionId options number } questionScores { questionId points } } }`,
  card: `query($e: ID!) { eventCard(eventId: $e) { questions { ${Q} } myPrediction { answers { questionId options number } } } }`,
  board: `query($e: ID!) { eventCard(eventId: $e) { questions { id optionShares }
    myPrediction { ${SCORED} } leaderboard(limit: 10) { items { ${SCORED} answers { questionId options number } } } } }`,
  league: `mutation($i: CreateLeagueInput!) { createLeague(input: $i) { id inviteCode } }`,
  join: `mutation($c: String!) { joinLeague(code: $c) { id } }`,
  leagueBoard: `query($l: ID!, $e: ID!) { league(leagueId: $l) { eventLeaderboard(eventId: $e) { ${SCORED} } } }`,
  result: `mutation($e: ID!, $m: ID!, $w: Int) { setMatchResult(eventId: $e, matchId: $m, winner: $w) { id } }`,
  score: `mutation($e: ID!) { scoreEvent(eventId: $e) { finished } }`,
};
const PLAYER = 'questions-player-1';

let api: TestApi;
const asAdmin = (op: keyof typeof OPS, vars: Record<string, unknown>) => api.data(ADMIN, OPS[op], vars, ADMIN_GROUPS);
const errorOf = async (user: string, op: keyof typeof OPS, vars: Record<string, unknown>, groups?: string[]) =>
  (await api.request(user, OPS[op], vars, groups)).errors?.[0]?.errorType;

beforeAll(async () => {
  api = await startTestApi();
}, 60_000);

afterAll(async () => {
  await api?.close();
});

const choice = { kind: 'CHOICE', text: 'Who takes the fall?', options: ['A', 'B', 'C'], points: 3 };
const four = { kind: 'MULTI', text: 'The Final Four', options: ['W', 'X', 'Y', 'Z', 'V'], pickCount: 2, points: 5 };
const entry = { kind: 'NUMBER', text: "The winner's entry number", points: 10, closePoints: 5, closeRange: 2 };

describe('questions', () => {
  it('are added, edited and removed until the bell, and read with the card in position order', async () => {
    const event = await createCard(api, 1);
    const a = (await asAdmin('add', { e: event.id, i: choice })).addQuestion;
    const b = (await asAdmin('add', { e: event.id, i: four })).addQuestion;
    const c = (await asAdmin('add', { e: event.id, i: entry })).addQuestion;
    expect(a).toMatchObject({ position: 1, pickCount: 1, closePoints: 0, answer: null, optionShares: null });
    expect(c).toMatchObject({ position: 3, options: [], pickCount: 0, closeRange: 2 });
    const edited = (await asAdmin('update', { e: event.id, q: b.id, i: { ...four, pickCount: 3 } })).updateQuestion;
    expect(edited).toMatchObject({ id: b.id, position: 2, pickCount: 3 });
    await asAdmin('remove', { e: event.id, q: a.id });
    const { eventCard } = await api.data(PLAYER, OPS.card, { e: event.id });
    expect(eventCard.questions.map((q: { id: string }) => q.id)).toEqual([b.id, c.id]);
  });

  it('get short ids never reused, so an answer to a removed question never counts for a new one', async () => {
    const event = await createCard(api, 1);
    const a = (await asAdmin('add', { e: event.id, i: choice })).addQuestion;
    const b = (await asAdmin('add', { e: event.id, i: choice })).addQuestion;
    expect([a.id, b.id]).toEqual(['q1', 'q2']);
    await asAdmin('remove', { e: event.id, q: b.id });
    expect((await asAdmin('add', { e: event.id, i: choice })).addQuestion.id).toBe('q3');
    // Two at once: each gets its own id, or one is told to try again with nothing written.
    const both = await Promise.all(
      [0, 1].map(() => api.request(ADMIN, OPS.add, { e: event.id, i: four }, ADMIN_GROUPS)),
    );
    const added = both.flatMap((r) => (r.errors ? [] : [r.data.addQuestion.id]));
    expect(new Set(added).size).toBe(added.length);
    for (const r of both) if (r.errors) expect(r.errors[0].errorType).toBe('ConcurrentModification');
    const { eventCard } = await api.data(PLAYER, OPS.card, { e: event.id });
    expect(eventCard.questions.map((q: { id: string }) => q.id)).toEqual(['q1', 'q3', ...added]);
  });

  it('refuses a bad question, and edits once the event is live (CardLocked), writing nothing', async () => {
    const event = await createCard(api, 1);
    const q = (await asAdmin('add', { e: event.id, i: choice })).addQuestion;
    const before = await tableSnapshot(api);
    expect(await errorOf(ADMIN, 'add', { e: event.id, i: { ...choice, options: ['A'] } }, ADMIN_GROUPS)).toBe(
      'ValidationError',
    );
    expect(await errorOf(ADMIN, 'add', { e: event.id, i: { ...four, pickCount: 6 } }, ADMIN_GROUPS)).toBe(
      'ValidationError',
    );
    expect(await errorOf(PLAYER, 'add', { e: event.id, i: choice })).toBeDefined();
    expect(await tableSnapshot(api)).toBe(before);
    await setState(api, event.id, 'BROADCAST');
    const live = await tableSnapshot(api);
    expect(await errorOf(ADMIN, 'add', { e: event.id, i: choice }, ADMIN_GROUPS)).toBe('CardLocked');
    expect(await errorOf(ADMIN, 'update', { e: event.id, q: q.id, i: choice }, ADMIN_GROUPS)).toBe('CardLocked');
    expect(await errorOf(ADMIN, 'remove', { e: event.id, q: q.id }, ADMIN_GROUPS)).toBe('CardLocked');
    expect(await tableSnapshot(api)).toBe(live);
  });

  it('takes a player’s answers and refuses wrong ones with nothing written', async () => {
    const event = await createCard(api, 1);
    const [c, m, n] = [
      (await asAdmin('add', { e: event.id, i: choice })).addQuestion,
      (await asAdmin('add', { e: event.id, i: four })).addQuestion,
      (await asAdmin('add', { e: event.id, i: entry })).addQuestion,
    ];
    const picks = [{ matchId: event.matches[0], team: 0 }];
    const answers = [
      { questionId: n.id, number: 27 },
      { questionId: c.id, options: [2] },
      { questionId: m.id, options: [0, 4] },
    ];
    const saved = (await api.data(PLAYER, OPS.save, { e: event.id, p: picks, a: answers })).savePrediction;
    expect(saved.answers).toEqual([
      { questionId: c.id, options: [2], number: null },
      { questionId: m.id, options: [0, 4], number: null },
      { questionId: n.id, options: [], number: 27 },
    ]);
    const before = await tableSnapshot(api);
    for (const wrong of [
      [{ questionId: m.id, options: [0] }],
      [{ questionId: c.id, options: [3] }],
      [{ questionId: c.id, options: [0], number: 1 }],
      [{ questionId: n.id, options: [1] }],
    ])
      expect(await errorOf(PLAYER, 'save', { e: event.id, p: picks, a: wrong })).toBe('ValidationError');
    expect(await tableSnapshot(api)).toBe(before);
  });

  it('takes an answer once BROADCAST only, checked against its question', async () => {
    const event = await createCard(api, 1);
    const c = (await asAdmin('add', { e: event.id, i: choice })).addQuestion;
    expect(await errorOf(ADMIN, 'answer', { e: event.id, q: c.id, o: [1] }, ADMIN_GROUPS)).toBe(
      'InvalidStateTransition',
    );
    await setState(api, event.id, 'BROADCAST');
    expect(await errorOf(ADMIN, 'answer', { e: event.id, q: c.id, o: [0, 1] }, ADMIN_GROUPS)).toBe('ValidationError');
    const answered = (await asAdmin('answer', { e: event.id, q: c.id, o: [1] })).setQuestionAnswer;
    expect(answered.answer).toEqual({ options: [1], number: null, void: false });
    const voided = (await asAdmin('answer', { e: event.id, q: c.id, v: true })).setQuestionAnswer;
    expect(voided.answer).toEqual({ options: [], number: null, void: true });
  });

  it('moves the boards as answers are set live, and scores them with the event', async () => {
    const event = await createCard(api, 1, inOneHour(), '2035-02-01');
    const c = (await asAdmin('add', { e: event.id, i: choice })).addQuestion;
    const n = (await asAdmin('add', { e: event.id, i: entry })).addQuestion;
    const picks = [{ matchId: event.matches[0], team: 0 }];
    // p1: the right option and 1 from the number (close: 5); p2: the wrong option, the exact number (10).
    for (const [player, option, number] of [
      ['q-p1', 1, 28],
      ['q-p2', 0, 27],
    ] as const)
      await api.data(player, OPS.save, {
        e: event.id,
        p: picks,
        a: [
          { questionId: c.id, options: [option] },
          { questionId: n.id, number },
        ],
      });
    const { createLeague } = await api.data('q-p1', OPS.league, { i: { name: 'Question Friends', seasonId: '2035' } });
    await api.data('q-p2', OPS.join, { c: createLeague.inviteCode });
    await setState(api, event.id, 'BROADCAST');
    await asAdmin('result', { e: event.id, m: event.matches[0], w: 0 });
    await api.app.settled();
    const seen = async () => {
      const { eventCard } = await api.data('q-p1', OPS.board, { e: event.id });
      const { league } = await api.data('q-p1', OPS.leagueBoard, { l: createLeague.id, e: event.id });
      const row = (rows: Row[], player: string) => rows.find((r) => r.userId === subFor(player))!;
      return { eventCard, p2: row(eventCard.leaderboard.items, 'q-p2'), league: league.eventLeaderboard, row };
    };

    // Both on the match's 10; the questions' 3 and 10 still possible.
    const before = await seen();
    expect(before.eventCard.myPrediction).toMatchObject({ points: 10, possiblePoints: 13, questionScores: [] });
    expect(before.eventCard.questions.find((q: { id: string }) => q.id === c.id).optionShares).toEqual([50, 50, 0]);
    expect(before.p2.answers).toEqual([
      { questionId: c.id, options: [0], number: null },
      { questionId: n.id, options: [], number: 27 },
    ]);

    await asAdmin('answer', { e: event.id, q: c.id, o: [1] });
    await api.app.settled();
    const one = await seen();
    expect(one.eventCard.myPrediction).toMatchObject({
      points: 13,
      rank: 1,
      possiblePoints: 10,
      questionScores: [{ questionId: c.id, points: 3 }],
    });
    expect(one.p2).toMatchObject({ points: 10, rank: 2, questionScores: [{ questionId: c.id, points: 0 }] });
    expect(one.row(one.league, 'q-p1')).toMatchObject({ points: 13, possiblePoints: 10 });

    await asAdmin('answer', { e: event.id, q: n.id, n: 27 });
    await api.app.settled();
    const two = await seen();
    expect(two.eventCard.myPrediction).toMatchObject({ points: 18, rank: 2, possiblePoints: 0 });
    expect(two.p2).toMatchObject({
      points: 20,
      rank: 1,
      questionScores: [
        { questionId: c.id, points: 0 },
        { questionId: n.id, points: 10 },
      ],
    });
    expect(two.row(two.league, 'q-p2')).toMatchObject({ points: 20, rank: 1 });

    expect((await asAdmin('score', { e: event.id })).scoreEvent.finished).toBe(true);
    const scored = await seen();
    expect(scored.eventCard.myPrediction).toMatchObject({ points: 18, rank: 2, possiblePoints: null });
    expect(scored.p2).toMatchObject({ points: 20, rank: 1 });
  });
});
