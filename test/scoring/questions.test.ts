/**
 * Questions beyond the winner (issue 42), scored under every guarantee of docs/scoring.md, each
 * outcome compared with a from-scratch computation (fixtures.ts expectedLeaderboard and
 * expectedQuestionScores): each kind, a void, the close range's edges, with jokers and the tie-break
 * on; live passes as answers arrive; twice = once; a correction then a re-score = from scratch; a
 * pass killed anywhere converges; concurrent passes never double-count.
 */
import { describe, expect, it } from 'vitest';
import { BOARD, boardOptionPicks, type EventRow } from '@pickem/domain/entities/board';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { EVERY_RULE_ON } from '../../scripts/demo/rules.ts';
import {
  expectEventBoard,
  expectedLeaderboard,
  type EventSpec,
  type Fixture,
  type Picks,
  type QuestionSpec,
} from './fixtures.ts';
import { afterEarlierEvent, finalPassGuarantees } from './guarantees.ts';

const questions: QuestionSpec[] = [
  // Who wins the Rumble (CHOICE of 30), the Final Four (MULTI, 4 of 30, 5 a hit), the winner's entry
  // number (NUMBER: 10 exact, 4 within 2), and a voided "who takes the fall".
  { id: 'winner', kind: 'CHOICE', options: 30, points: 10, answer: { options: [7] } },
  { id: 'final4', kind: 'MULTI', options: 30, pickCount: 4, points: 5, answer: { options: [7, 2, 19, 25] } },
  { id: 'entry', kind: 'NUMBER', points: 10, closePoints: 4, closeRange: 2, answer: { number: 27 } },
  { id: 'fall', kind: 'CHOICE', options: 3, points: 3, answer: { void: true } },
];

const event: EventSpec = {
  id: 'q1',
  date: '2026-01-31',
  rules: EVERY_RULE_ON,
  tieBreakAnswer: 60,
  matches: [
    { id: 'rumble', points: 10, result: 1, method: 'PINFALL' },
    { id: 'title', points: 20, result: 0, method: 'SUBMISSION', champion: 0 },
  ],
  questions,
};

const picks: Picks = {
  allFour: { rumble: 1, title: { team: 0, joker: true } },
  exact: { rumble: 0, title: 0 },
  nearLow: { rumble: 0, title: 0 },
  nearHigh: { rumble: 0, title: 0 },
  justOut: { rumble: 0, title: 0 },
  silent: { rumble: 1, title: 1 },
};
for (let i = 0; i < 10; i++) picks[`crowd-${i}`] = { rumble: i % 2, title: i % 3 === 0 ? 1 : 0 };

event.answers = {
  // Every hit of the Final Four and the winner; the joker won on the title match.
  allFour: { winner: [7], final4: [25, 19, 7, 2], entry: 30, fall: [1] },
  exact: { winner: [3], final4: [7, 1, 4, 5], entry: 27 },
  // The close range's edges: 25 and 29 are within 2 of 27; 24 is not.
  nearLow: { final4: [1, 2, 3, 4], entry: 25 },
  nearHigh: { final4: [1, 2, 3, 4], entry: 29 },
  justOut: { final4: [1, 2, 3, 4], entry: 24 },
};
for (let i = 0; i < 10; i++) event.answers[`crowd-${i}`] = { winner: [i % 3], entry: 20 + i };
// exact, nearLow and nearHigh tie on points; the tie-break orders them.
event.guesses = { allFour: 61, exact: 59, nearLow: 70, nearHigh: 40, justOut: 60 };

const earlier: EventSpec = { id: 'q0', date: '2026-01-10', matches: [{ id: 'p', points: 4, result: 1 }] };
const earlierPicks: Picks = { allFour: { p: 1 }, exact: { p: 1 }, silent: { p: 0 } };

const { setup, expectScored } = afterEarlierEvent({
  earlier: { spec: earlier, picks: earlierPicks },
  event,
  picks,
  season: 2026,
});

const scorerOf = (fx: Fixture) => createScorer({ client: fx.client, tableName: fx.tableName });

describe('questions, scored exactly', () => {
  it('scores each kind, the void and the close range as the issue says, with the joker and the tie-break', async () => {
    const board = expectedLeaderboard(event, picks);
    // The from-scratch computation itself, on the cases the issue names.
    expect(board.get('allFour')!.questionScores).toEqual([
      { questionId: 'winner', points: 10 },
      { questionId: 'final4', points: 20 },
      { questionId: 'entry', points: 0 },
      { questionId: 'fall', points: 0 },
    ]);
    expect(board.get('exact')!.questionScores.map((q) => q.points)).toEqual([0, 5, 10, 0]);
    expect(board.get('nearLow')!.questionScores.map((q) => q.points)).toEqual([0, 5, 4, 0]);
    expect(board.get('nearHigh')!.questionScores.map((q) => q.points)).toEqual([0, 5, 4, 0]);
    expect(board.get('justOut')!.questionScores.map((q) => q.points)).toEqual([0, 5, 0, 0]);
    expect(board.get('silent')!.questionScores.map((q) => q.points)).toEqual([0, 0, 0, 0]);

    const fx = await setup();
    const out = await scorerOf(fx).scoreEvent('q1');
    expect('report' in out && out.report.finished).toBe(true);
    await expectScored(fx, event);
    // The options' picks at the bell, on the head: 3 of 16 picked option 0 of "winner".
    const { head } = await fx.board<EventRow>(BOARD.eventScope('q1'));
    const picked = boardOptionPicks(head);
    expect(picked.winner[7]).toBe(1);
    expect(picked.winner[0]).toBe(4);
    expect(picked.final4[2]).toBe(4);
    expect(picked.entry).toBeUndefined();
  });

  it('scores live passes as answers arrive, counting unanswered questions as still possible', async () => {
    const open = (ids: string[]): EventSpec => ({
      ...event,
      tieBreakAnswer: null,
      questions: questions.map((q) => (ids.includes(q.id) ? q : { ...q, answer: null })),
    });
    const none = open([]);
    const fx = await setup(none);
    const scorer = scorerOf(fx);
    await scorer.scoreEvent('q1', { provisional: true });
    await expectEventBoard(fx, none, picks, { final: false });
    const possibleOf = async (userId: string) => {
      const { rows } = await fx.board<EventRow>(BOARD.eventScope('q1'));
      return rows.find((r) => r[0] === userId)![10];
    };
    // Every match has a result; allFour's card bonus is in. Still possible: the winner 10, the Final Four 4 × 5, the entry 10, the fall 3.
    expect(await possibleOf('allFour')).toBe(10 + 20 + 10 + 3);
    expect(await possibleOf('silent')).toBe(0);

    let spec = none;
    for (const id of ['final4', 'entry', 'fall', 'winner']) {
      spec = open([...(spec.questions ?? []).filter((q) => q.answer !== null).map((q) => q.id), id]);
      await fx.enterAnswer(spec, id);
      await scorer.scoreEvent('q1', { provisional: true });
      await expectEventBoard(fx, spec, picks, { final: false });
    }
    expect(await possibleOf('allFour')).toBe(0);
  });

  it('a corrected answer, then a re-score: as if scored from scratch', async () => {
    const fx = await setup();
    const scorer = scorerOf(fx);
    await scorer.scoreEvent('q1');
    // The winner entered at 25, not 27 (justOut is now 1 away, exact 2), and "who takes the fall" stands after all.
    const corrected: EventSpec = {
      ...event,
      questions: questions.map((q) =>
        q.id === 'entry' ? { ...q, answer: { number: 25 } } : q.id === 'fall' ? { ...q, answer: { options: [1] } } : q,
      ),
    };
    await fx.enterAnswer(corrected, 'entry');
    await fx.enterAnswer(corrected, 'fall');
    await scorer.scoreEvent('q1');
    await expectScored(fx, corrected);
    expect(expectedLeaderboard(corrected, picks).get('allFour')!.questionScores.at(-1)).toEqual({
      questionId: 'fall',
      points: 3,
    });
  });

  finalPassGuarantees('q1', setup, (fx) => expectScored(fx, event));
});
