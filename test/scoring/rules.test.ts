/**
 * The guarantees of docs/scoring.md with every wrestling rule on (issue 31), each outcome compared
 * with a from-scratch computation of the rules (fixtures.ts expectedLeaderboard): each rule and their
 * combinations (a joker on a voided match, an underdog on a title change, a perfect card with a draw
 * on the card, a tie on points broken by the tie-break, a tie on both), live and final; twice = once;
 * a correction then a re-score = from scratch; a pass killed anywhere converges; concurrent passes
 * never double-count.
 */
import { describe, expect, it } from 'vitest';
import { BOARD, rowAllPicks, type EventRow } from '@pickem/domain/entities/board';
import { EVENT } from '@pickem/domain/entities/event';
import { possiblePoints, scoringCard } from '@pickem/domain/points';
import { createScorer } from '../../amplify/functions/score-event/scorer.ts';
import { expectEventBoard, expectedLeaderboard, matchItem, type EventSpec, type Picks } from './fixtures.ts';
import { afterEarlierEvent, finalPassGuarantees } from './guarantees.ts';
import { EVERY_RULE_ON } from '../../scripts/demo/rules.ts';

const event: EventSpec = {
  id: 'r1',
  date: '2026-08-01',
  rules: EVERY_RULE_ON,
  tieBreakAnswer: 18,
  matches: [
    // A title change: the challenger (team 1) beats the champion (team 0) by submission.
    { id: 'a', points: 10, result: 1, method: 'SUBMISSION', champion: 0 },
    // A draw: voided, jokers included.
    { id: 'b', points: 20, result: null, outcome: 'DRAW' },
    { id: 'c', points: 30, result: 0, method: 'PINFALL' },
    { id: 'd', points: 5, result: 2, method: 'DISQUALIFICATION' },
  ],
};

const picks: Picks = {
  // A perfect card with a draw on it; the underdog on the title change; the joker on the voided match.
  perfect: { a: { team: 1, method: 'SUBMISSION' }, b: { team: 0, joker: true }, c: 0, d: 2 },
  // A lost joker.
  jokerLost: { a: 0, b: 0, c: { team: 1, joker: true }, d: 0 },
  // A won joker, the finish called.
  jokerWon: { a: 0, c: { team: 0, joker: true, method: 'PINFALL' }, d: 1 },
  // tiedNear and tiedFar: equal on points; tiedNear guesses closer. tiedBoth: equal to tiedNear on both.
  tiedNear: { a: 0, c: 0, d: 0 },
  tiedFar: { a: 0, c: 0, d: 1 },
  tiedBoth: { a: 0, c: 0, d: 0 },
  noGuess: { a: 0, c: 0, d: 1 },
};
for (let i = 0; i < 13; i++)
  picks[`crowd-${String(i).padStart(2, '0')}`] = { a: 0, b: i % 2, c: i % 3 === 0 ? 1 : 0, d: i % 4 === 0 ? 2 : 0 };
event.guesses = { perfect: 40, jokerLost: 18, jokerWon: 2, tiedNear: 17, tiedFar: 25, tiedBoth: 19 };
for (let i = 0; i < 13; i++) event.guesses[`crowd-${String(i).padStart(2, '0')}`] = 10 + i;

const earlier: EventSpec = { id: 'r0', date: '2026-02-01', matches: [{ id: 'p', points: 4, result: 1 }] };
const earlierPicks: Picks = { perfect: { p: 1 }, jokerLost: { p: 1 }, tiedNear: { p: 0 } };

const { setup, expectScored } = afterEarlierEvent({
  earlier: { spec: earlier, picks: earlierPicks },
  event,
  picks,
  season: 2026,
});

describe('the rules, scored exactly', () => {
  it('scores each rule and their combinations as the rules say, and breaks ties by the guess', async () => {
    const board = expectedLeaderboard(event, picks);
    // The from-scratch computation itself, on the cases the issue names.
    // a: 10 + the finish + the underdog (1 of 20 picked the challenger) + the title change; b: a draw
    // (its joker voided); c: 30; d: 5 + the underdog (5 of 20); the perfect card.
    expect(board.get('perfect')).toMatchObject({ points: 10 + 5 + 15 + 10 + 0 + 30 + 5 + 15 + 25, cardBonus: 25 });
    expect(board.get('jokerLost')!.points).toBe(-30);
    expect(board.get('jokerWon')!.points).toBe(60 + 5);
    expect([board.get('tiedNear')!.points, board.get('tiedFar')!.points]).toEqual([30, 30]);
    expect(board.get('tiedNear')!.rank).toBe(board.get('tiedBoth')!.rank);
    expect(board.get('tiedFar')!.rank).toBeGreaterThan(board.get('tiedNear')!.rank + 1);
    expect(board.get('noGuess')!.rank).toBeGreaterThan(board.get('tiedFar')!.rank);

    const fx = await setup();
    const out = await createScorer({ client: fx.client, tableName: fx.tableName }).scoreEvent('r1');
    expect('report' in out && out.report.finished).toBe(true);
    await expectScored(fx, event);
  });

  it('scores live passes on the results so far, with the points still possible', async () => {
    const live: EventSpec = {
      ...event,
      tieBreakAnswer: null,
      matches: event.matches.map((m, i) => (i < 2 ? m : { ...m, result: null, outcome: undefined, method: undefined })),
    };
    const fx = await setup(live);
    const scorer = createScorer({ client: fx.client, tableName: fx.tableName });
    await scorer.scoreEvent('r1', { provisional: true });
    await expectEventBoard(fx, live, picks, { final: false });
    // Each row's points still possible, against the matches as the card holds them.
    const { head, rows } = await fx.board<EventRow>(BOARD.eventScope('r1'));
    const items = live.matches.map((m) => matchItem('r1', m)) as unknown as Parameters<typeof scoringCard>[1];
    const picked = Object.fromEntries(head!.card.map((m) => [m[0], m[7]!]));
    const onCard = scoringCard(['a', 'b', 'c', 'd'], items, picked);
    for (const row of rows)
      expect(row[10], row[0]).toBe(possiblePoints(rowAllPicks(head!, row), onCard, EVERY_RULE_ON));
    // c's 30, d's 5 and its underdog bonus, and the perfect card still possible.
    expect(rows.find((r) => r[0] === 'perfect')![10]).toBe(30 + 5 + 15 + 25);
    // The next result, then the answer: each pass again equals the computation from scratch.
    const third = { ...live, matches: [...live.matches.slice(0, 2), event.matches[2], live.matches[3]] };
    await fx.enterResult('r1', event.matches[2]);
    await scorer.scoreEvent('r1', { provisional: true });
    await expectEventBoard(fx, third, picks, { final: false });
  });

  it('a corrected result and a new tie-break answer, then a re-score: as if scored from scratch', async () => {
    const fx = await setup();
    const scorer = createScorer({ client: fx.client, tableName: fx.tableName });
    await scorer.scoreEvent('r1');
    // The champion kept the title after all (no title change, no underdog), and the main event ran 25 minutes.
    const corrected: EventSpec = {
      ...event,
      tieBreakAnswer: 25,
      matches: [{ ...event.matches[0], result: 0 }, ...event.matches.slice(1)],
    };
    await fx.enterResult('r1', corrected.matches[0]);
    await fx.put({ ...(await fx.get(EVENT.key('r1')))!, tieBreakAnswer: 25 });
    await scorer.scoreEvent('r1');
    await expectScored(fx, corrected);
  });

  finalPassGuarantees(
    'r1',
    setup,
    (fx) => expectScored(fx, event),
    (total) => [1, Math.floor(total / 3), Math.floor(total / 2), total - 3, total - 1],
  );
});
