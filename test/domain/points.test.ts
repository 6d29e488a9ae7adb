import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PickItem } from '@pickem/domain/entities/prediction';
import {
  challengersOf,
  pickCounts,
  pickPoints,
  possiblePoints,
  scorePicks,
  sharesOf,
  titleChangeOf,
  type ScoringMatch,
} from '@pickem/domain/points';
import { DEFAULT_RULES, FINISH_METHODS, type RulesItem } from '@pickem/domain/rules';
import type { FinishMethod, MatchOutcome } from '@pickem/domain/schema-types';
import { EVERY_RULE_ON } from '../../scripts/demo/rules.ts';

/** A championship match won by team `result` (0 holds the title). */
const title = (result: number | null, outcome: MatchOutcome | null = result === null ? null : 'WIN') => ({
  championships: ['World'],
  teams: [{ champion: true }, { champion: false }],
  result,
  outcome,
});

describe('one pick', () => {
  const match: ScoringMatch = { points: 25, result: 1, outcome: 'WIN', method: 'SUBMISSION', picked: [8, 2] };

  it('earns the points, twice with the joker, and loses them on a wrong joker', () => {
    expect(pickPoints({ matchId: 'm', team: 1 }, match, DEFAULT_RULES)?.points).toBe(25);
    expect(pickPoints({ matchId: 'm', team: 1, joker: true }, match, { ...DEFAULT_RULES, joker: true })?.points).toBe(
      50,
    );
    expect(pickPoints({ matchId: 'm', team: 0, joker: true }, match, { ...DEFAULT_RULES, joker: true })).toEqual({
      points: -25,
      correct: false,
      why: [{ reason: 'JOKER_LOST', points: -25 }],
    });
    // A joker the rules do not score is an ordinary pick.
    expect(pickPoints({ matchId: 'm', team: 0, joker: true }, match, DEFAULT_RULES)?.points).toBe(0);
  });

  it('adds the finish, the underdog and the title change once each, never doubled', () => {
    const titleMatch = { ...match, titleChange: titleChangeOf(title(1)) };
    const pick: PickItem = { matchId: 'm', team: 1, joker: true, method: 'SUBMISSION' };
    expect(pickPoints(pick, titleMatch, EVERY_RULE_ON)).toEqual({
      points: 50 + 5 + 15 + 10,
      correct: true,
      why: [
        { reason: 'JOKER', points: 50 },
        { reason: 'METHOD', points: 5 },
        { reason: 'UNDERDOG', points: 15 },
        { reason: 'TITLE_CHANGE', points: 10 },
      ],
    });
    expect(pickPoints({ ...pick, method: 'PINFALL' }, titleMatch, EVERY_RULE_ON)?.points).toBe(50 + 15 + 10);
  });

  it('voids a draw or a no contest, jokers included, and scores nothing without a result', () => {
    for (const outcome of ['DRAW', 'NO_CONTEST'] as const) {
      const voided: ScoringMatch = { points: 25, result: null, outcome };
      expect(pickPoints({ matchId: 'm', team: 0, joker: true, method: 'PINFALL' }, voided, EVERY_RULE_ON)).toEqual({
        points: 0,
        correct: false,
        why: [],
      });
    }
    expect(
      pickPoints({ matchId: 'm', team: 0 }, { points: 25, result: null, outcome: null }, EVERY_RULE_ON),
    ).toBeNull();
  });

  it('counts an underdog strictly under the percent of the picks at the bell', () => {
    const at = (picked: number[]) => pickPoints({ matchId: 'm', team: 1 }, { ...match, picked }, EVERY_RULE_ON)?.points;
    expect(at([7, 3])).toBe(25); // exactly 30%: not an underdog
    expect(at([71, 29])).toBe(40);
    expect(pickPoints({ matchId: 'm', team: 1 }, { ...match, picked: null }, EVERY_RULE_ON)?.points).toBe(25);
  });

  it('knows a title change: a challenger beating the champion in a championship match', () => {
    expect(titleChangeOf(title(1))).toBe(true);
    expect(titleChangeOf(title(0))).toBe(false);
    expect(titleChangeOf(title(null, 'DRAW'))).toBe(false);
    expect(titleChangeOf({ ...title(1), championships: [] })).toBe(false);
    expect(titleChangeOf({ ...title(1), teams: [{ champion: false }, { champion: false }] })).toBe(false);
    expect(challengersOf(title(null))).toEqual([1]);
  });
});

describe('a card', () => {
  const card: Record<string, ScoringMatch> = {
    a: { points: 10, result: 0, outcome: 'WIN', method: 'PINFALL', picked: [5, 5] },
    b: { points: 20, result: null, outcome: 'DRAW', picked: [5, 5] },
    c: { points: 30, result: 1, outcome: 'WIN', method: 'KNOCKOUT', picked: [9, 1], titleChange: true },
  };

  it('gives the perfect card to every match with a winner picked right, a draw on the card', () => {
    const picks: PickItem[] = [
      { matchId: 'a', team: 0, method: 'PINFALL' },
      { matchId: 'c', team: 1, joker: true },
    ];
    expect(scorePicks(picks, card, EVERY_RULE_ON)).toEqual({
      points: 10 + 5 + (60 + 15 + 10) + 25,
      correct: 2,
      scores: [
        { matchId: 'a', points: 15 },
        { matchId: 'b', points: 0 },
        { matchId: 'c', points: 85 },
      ],
      cardBonus: 25,
    });
    expect(scorePicks([picks[0]], card, EVERY_RULE_ON).cardBonus).toBe(0);
    // Not before every match has a result.
    expect(scorePicks(picks, { ...card, d: { points: 5, result: null } }, EVERY_RULE_ON).cardBonus).toBe(0);
  });

  it('ignores picks off the card and a second pick of a match', () => {
    const picks = [
      { matchId: 'a', team: 0 },
      { matchId: 'a', team: 1 },
      { matchId: 'zz', team: 0 },
    ];
    expect(scorePicks(picks, card).points).toBe(10);
  });

  it('counts the picks at the bell once, and their shares', () => {
    const counts = pickCounts(
      [
        [{ matchId: 'a', team: 1 }],
        [
          { matchId: 'a', team: 0 },
          { matchId: 'a', team: 1 },
        ],
        [{ matchId: 'a', team: 7 }],
        undefined,
      ],
      { a: [{}, {}], b: [{}, {}, {}] },
    );
    expect(counts).toEqual({ a: [1, 1], b: [0, 0, 0] });
    expect(sharesOf([2, 1])).toEqual([67, 33]);
    expect(sharesOf([0, 0])).toEqual([0, 0]);
  });
});

// Properties against a from-scratch statement of the rules, over random cards.
const outcomeArb = fc.constantFrom<MatchOutcome | null>('WIN', 'WIN', 'WIN', 'DRAW', 'NO_CONTEST', null);
const methodArb = fc.option(fc.constantFrom<FinishMethod>(...FINISH_METHODS), { nil: null });
const matchArb = fc
  .record({
    points: fc.integer({ min: 1, max: 100 }),
    teams: fc.integer({ min: 2, max: 4 }),
    champion: fc.option(fc.nat(3), { nil: null }),
    outcome: outcomeArb,
    winner: fc.nat(3),
    method: methodArb,
    picked: fc.array(fc.nat(20), { minLength: 4, maxLength: 4 }),
  })
  .map((m) => {
    const teams = Array.from({ length: m.teams }, (_, i) => ({ champion: m.champion === i }));
    const result = m.outcome === 'WIN' ? m.winner % m.teams : null;
    const shape = { championships: m.champion === null ? [] : ['Title'], teams, result, outcome: m.outcome };
    return {
      points: m.points,
      teams: m.teams,
      result,
      outcome: m.outcome,
      method: m.outcome === 'WIN' ? m.method : null,
      picked: m.picked.slice(0, m.teams),
      titleChange: titleChangeOf(shape),
      challengers: challengersOf(shape),
    };
  });
const rulesArb = fc.record({
  joker: fc.boolean(),
  methodBonus: fc.constantFrom(0, 3),
  underdogBonus: fc.constantFrom(0, 7),
  underdogPercent: fc.integer({ min: 1, max: 99 }),
  titleChangeBonus: fc.constantFrom(0, 11),
  perfectCardBonus: fc.constantFrom(0, 13),
  tieBreakQuestion: fc.constant(null),
});
const cardArb = fc.array(matchArb, { minLength: 1, maxLength: 6 });
const picksArb = (size: number) =>
  fc.array(fc.option(fc.record({ team: fc.nat(3), method: methodArb, joker: fc.boolean() }), { nil: null }), {
    minLength: size,
    maxLength: size,
  });

function onCard(matches: ReturnType<typeof matchArb.generate>['value'][]) {
  return Object.fromEntries(matches.map((m, i) => [`m${i}`, m]));
}
/** At most one joker, as savePrediction keeps them. */
function asPicks(choices: ({ team: number; method: FinishMethod | null; joker: boolean } | null)[]): PickItem[] {
  let joker = false;
  const picks: PickItem[] = [];
  choices.forEach((c, i) => {
    if (c === null) return;
    picks.push({ matchId: `m${i}`, team: c.team, method: c.method, joker: c.joker && !joker });
    joker = joker || c.joker;
  });
  return picks;
}

/** The rules of the issue, stated again in the plainest way. */
function fromScratch(picks: PickItem[], matches: ReturnType<typeof onCard>, rules: RulesItem) {
  let total = 0;
  let allRight = true;
  let winners = 0;
  let allResults = true;
  for (const [id, m] of Object.entries(matches)) {
    const pick = picks.find((p) => p.matchId === id);
    if (m.outcome === null) allResults = false;
    if (m.outcome !== 'WIN') continue;
    winners += 1;
    const joker = rules.joker && pick?.joker === true;
    if (pick?.team !== m.result) {
      allRight = false;
      if (joker) total -= m.points;
      continue;
    }
    total += joker ? 2 * m.points : m.points;
    if (rules.methodBonus > 0 && m.method !== null && pick.method === m.method) total += rules.methodBonus;
    const all = m.picked.reduce((a, b) => a + b, 0);
    if (all > 0 && (m.picked[pick.team] / all) * 100 < rules.underdogPercent) total += rules.underdogBonus;
    if (m.titleChange) total += rules.titleChangeBonus;
  }
  return total + (allResults && allRight && winners > 0 ? rules.perfectCardBonus : 0);
}

describe('properties', () => {
  it('scorePicks is the rules from scratch; with every rule off, the sum of correctly picked points', () => {
    fc.assert(
      fc.property(
        cardArb.chain((card) => fc.tuple(fc.constant(card), picksArb(card.length), rulesArb)),
        ([matches, choices, rules]) => {
          const card = onCard(matches);
          const picks = asPicks(choices);
          const score = scorePicks(picks, card, rules);
          expect(score.points).toBe(fromScratch(picks, card, rules));
          expect(score.points).toBe(score.scores.reduce((a, s) => a + s.points, 0) + score.cardBonus);
          const plain = matches.reduce(
            (sum, m, i) =>
              sum + (m.outcome === 'WIN' && picks.find((p) => p.matchId === `m${i}`)?.team === m.result ? m.points : 0),
            0,
          );
          expect(scorePicks(picks, card, DEFAULT_RULES).points).toBe(plain);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('possiblePoints bounds what any set of results adds, and the best results reach it', () => {
    fc.assert(
      fc.property(
        cardArb.chain((card) =>
          fc.tuple(
            fc.constant(card),
            picksArb(card.length),
            rulesArb,
            fc.array(fc.nat(3), { minLength: 6, maxLength: 6 }),
          ),
        ),
        ([matches, choices, rules, outcomes]) => {
          const card = onCard(matches);
          const picks = asPicks(choices);
          const now = scorePicks(picks, card, rules).points;
          const possible = possiblePoints(picks, card, rules);
          const byId = Object.fromEntries(picks.map((p) => [p.matchId, p]));
          const decide = (best: boolean) =>
            Object.fromEntries(
              Object.entries(card).map(([id, m], i) => {
                if (m.outcome !== null) return [id, m];
                const pick = byId[id];
                const choice = outcomes[i % outcomes.length];
                const winner = best ? (pick?.team ?? null) : choice < m.teams ? choice : null;
                const outcome: MatchOutcome = winner === null ? 'DRAW' : 'WIN';
                const team = winner === null ? -1 : winner % m.teams;
                return [
                  id,
                  {
                    ...m,
                    outcome,
                    result: winner === null ? null : team,
                    method: best ? (pick?.method ?? null) : 'PINFALL',
                    titleChange: winner !== null && m.challengers.includes(team),
                  },
                ];
              }),
            );
          expect(scorePicks(picks, decide(false), rules).points - now).toBeLessThanOrEqual(possible);
          const openPicksFit = picks.every((p) => card[p.matchId].outcome !== null || p.team < card[p.matchId].teams);
          if (openPicksFit) expect(scorePicks(picks, decide(true), rules).points - now).toBe(possible);
        },
      ),
      { numRuns: 300 },
    );
  });
});
